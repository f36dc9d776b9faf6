import type { DomainEventName, DomainEvents } from "./lib/domain-events.ts";
import type { AnalyticsService } from "./modules/analytics/analytics.service.ts";
import type { DashboardService } from "./modules/dashboard/dashboard.service.ts";
import type { Notifier } from "./modules/notifications/notifications.service.ts";

/** Events that change a person's dashboard figures (docs/decisions/0029-dashboard-figures.md). */
const CHANGES_FIGURES: readonly DomainEventName[] = [
  "projectCreated",
  "projectUpdated",
  "projectDeleted",
  "contributionAdded",
  "objectiveConverted",
  "conversionRated",
  "conversionDeleted",
];

/**
 * Every subscription to the domain events, in one place: the analytics store records its rows
 * (spec B §3 event types) in the transaction of the change, and the dashboard drops a person's
 * cached figures once a change that counts in them is committed. A person's notices (the bell)
 * are written in the transaction of the change that causes them.
 */
export function subscribe(
  events: DomainEvents,
  deps: { analytics: AnalyticsService; dashboard: DashboardService; notifications: Notifier },
) {
  const { analytics, dashboard, notifications } = deps;

  events.onWrite("projectCreated", ({ facultyId, projectId, title, templateId }, tx) =>
    analytics.recordIn(tx, facultyId, "project_created", { projectId, title, templateId }),
  );
  events.onWrite("projectUpdated", ({ facultyId, projectId, fields }, tx) =>
    analytics.recordIn(tx, facultyId, "project_updated", { projectId, fields }),
  );
  events.onWrite("contributionAdded", ({ facultyId, contributionId, projectId, contributionType }, tx) =>
    analytics.recordIn(tx, facultyId, "collaboration_added", { contributionId, projectId, contributionType }),
  );
  events.onWrite("contributionAdded", (event, tx) => notifications.contributionAdded(tx, event));
  events.onWrite("contributionReviewed", (event, tx) => notifications.contributionReviewed(tx, event));
  events.onWrite("objectiveConverted", ({ facultyId, conversionId, discipline, source }, tx) =>
    analytics.recordIn(tx, facultyId, "objective_converted", { conversionId, discipline, source }),
  );
  events.onWrite("templateUsed", ({ facultyId, templateId, templateName }, tx) =>
    analytics.recordIn(tx, facultyId, "template_used", { templateId, templateName }),
  );

  for (const name of CHANGES_FIGURES)
    events.afterCommit(name, ({ facultyId }) => dashboard.changed(facultyId));
}
