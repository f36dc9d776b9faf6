import { ANALYTICS_RANGE_LABELS, EVENT_TYPE_LABELS, EVENT_TYPES } from "#shared/constants.ts";
import type { AnalyticsSummary, DescribedEvent } from "#shared/schemas/analytics.ts";
import { CONTRIBUTION_STATUSES } from "#shared/schemas/contributions.ts";
import type { ExportDocument } from "../exports/export-document.ts";

const date = (iso: string) => iso.slice(0, 10);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `pivot-launch-report-{range}-{date}.{csv|pdf}`, dated by the server in UTC. */
export const reportFileName = (range: string, now: Date, extension: "csv" | "pdf") =>
  `pivot-launch-report-${range}-${now.toISOString().slice(0, 10)}.${extension}`;

/** The four cards' figures in words, as the screen shows them (the PDF and the tests read them). */
export function cardFacts(summary: AnalyticsSummary) {
  const classSizeNote =
    summary.activeProjects === 0
      ? "no active projects"
      : `of ${summary.classSizeTotal} students in active projects`;
  return [
    { label: "Active Projects", value: String(summary.activeProjects) },
    {
      label: "Student Engagement",
      value: `${summary.studentsEngaged} student${summary.studentsEngaged === 1 ? "" : "s"} (${summary.engagementRate}% ${classSizeNote})`,
    },
    { label: "Completion Rate", value: `${summary.completionRate}% (${summary.completionLabel})` },
    {
      label: "Activity Score",
      value: `${summary.totalEvents} events (${summary.engagementLevel} engagement)`,
    },
  ];
}

/**
 * The analytics report: the four figures, the methodology figures, the activity trend
 * and the event distribution drawn as charts, contributions by review status, and the table of
 * projects.
 */
export function reportDocument(summary: AnalyticsSummary, author: string): ExportDocument {
  const period = `${ANALYTICS_RANGE_LABELS[summary.range]}: ${date(summary.from)} to ${date(summary.to)}`;
  return {
    title: "Pivot & Launch Analytics Report",
    subtitle: `${author} · ${period}`,
    metadata: {
      title: `Pivot & Launch Analytics Report (${summary.range})`,
      author,
      description: `Analytics and Insights of ${author}, ${period}`,
    },
    sections: [
      {
        title: "Summary",
        blocks: [
          { kind: "facts", items: cardFacts(summary) },
          { kind: "heading", level: 2, text: "Methodology" },
          {
            kind: "facts",
            items: [
              { label: "Objectives Converted", value: String(summary.objectivesConverted) },
              { label: "Projects Launched", value: String(summary.projectsLaunched) },
              { label: "Growth", value: `${summary.growth} events a month at this pace` },
              { label: "Focus Score", value: `${summary.focusScore} / 10` },
              {
                label: "Clarity Rating",
                value: summary.ratedConversions === 0 ? "no rated conversions" : `${summary.avgRating} / 5`,
              },
              { label: "Engagement Level", value: summary.engagementLevel },
            ],
          },
        ],
      },
      {
        title: "Activity",
        blocks: [
          {
            kind: "chart",
            chart: "line",
            title: "Activity trend (events per day)",
            valueLabel: "Events",
            points: summary.activityByDay.map((day) => ({
              label: day.date.slice(5),
              value: EVENT_TYPES.reduce((sum, type) => sum + day[type], 0),
            })),
          },
          {
            kind: "chart",
            chart: "bar",
            title: "Event distribution",
            valueLabel: "Events",
            points: EVENT_TYPES.map((type) => ({
              label: EVENT_TYPE_LABELS[type],
              value: summary.eventsByType[type],
            })),
          },
          {
            kind: "chart",
            chart: "bar",
            title: "Contributions received, by review status",
            valueLabel: "Contributions",
            points: CONTRIBUTION_STATUSES.map((status) => ({
              label: capital(status),
              value: summary.contributionsByStatus[status],
            })),
          },
        ],
      },
      {
        title: "Projects",
        blocks:
          summary.projects.length === 0
            ? [{ kind: "paragraph", text: "No projects yet.", tone: "muted" }]
            : [
                {
                  kind: "table",
                  columns: [
                    { label: "Project", width: 28 },
                    { label: "Status", width: 12 },
                    { label: "Contributions", width: 18, align: "right" },
                    { label: "Pending", width: 12, align: "right" },
                    { label: "Reviews", width: 11, align: "right" },
                    { label: "Last activity" },
                  ],
                  rows: summary.projects.map((project) => [
                    project.title,
                    capital(project.status),
                    String(project.contributions.total),
                    String(project.contributions.pending),
                    String(project.retrievalReviews),
                    date(project.lastActivity),
                  ]),
                },
                {
                  kind: "paragraph",
                  tone: "muted",
                  text: "Reviews: retrieval practice in the period on the pivot cards linked to the project, yours and your students'.",
                },
              ],
      },
    ],
  };
}

/** The CSV report: one row per event of the range, oldest first. */
export function eventsDocument(events: DescribedEvent[], range: string): ExportDocument {
  return {
    title: `Analytics events (${range})`,
    sections: [
      {
        blocks: [
          {
            kind: "table",
            columns: [
              { label: "Date" },
              { label: "Event" },
              { label: "Details" },
              { label: "Event Type" },
              { label: "Event Data" },
            ],
            rows: events.map((event) => [
              event.createdAt,
              EVENT_TYPE_LABELS[event.eventType],
              event.description,
              event.eventType,
              JSON.stringify(event.eventData),
            ]),
          },
        ],
      },
    ],
  };
}
