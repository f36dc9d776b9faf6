import type { DashboardStats, Faculty } from "#shared/schemas/auth.ts";
import type { Notifier } from "../../db/client.ts";
import type { DashboardReadModel } from "../../read-models/dashboard.read-model.ts";
import { countEngaged } from "../../read-models/engaged-students.ts";
import { renderExport } from "../exports/render-export.ts";
import type { ConversionStatsSource } from "../objective-conversions/objective-conversions.service.ts";
import { presentationDocument } from "./presentation.ts";

/** The dashboard refetches every 30 s (spec A §9): figures moved by others' activity lag by as much. */
const FRESH_MS = 30_000;
/** The channel on which an instance tells the others whose figures changed. */
const CHANNEL = "pl_dashboard_changed";
const MAX_CACHED = 20_000;
const PRESENTATION_PROJECTS = 20;
/** Students Engaged looks back this many days (Analytics and Insights' default range). */
export const ENGAGED_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The dashboard figures of a faculty member, also part of every `GET /api/auth/me` (definitions
 * in docs/decisions/0029-dashboard-figures.md): active projects, distinct students active in one of the
 * person's projects in the last 30 days (practice, a contribution or a check-in sent signed in,
 * or a contribution through the project's link with an e-mail; read-models/engaged-students.ts),
 * completed over non-archived projects as a whole percentage, and the mean conversion rating.
 * Cached per person, so a session check costs no query: a change of the person's own (`changed`)
 * drops the copy here at once and on every other instance through the notifier (LISTEN/NOTIFY on
 * PostgreSQL); what others' activity moves (students engaged) shows within 30 s.
 */
export function createDashboardService(deps: {
  conversions: ConversionStatsSource;
  dashboard: DashboardReadModel;
  notifier: Notifier;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { stats: DashboardStats; at: number }>();
  const versions = new Map<number, number>();

  async function compute(facultyId: number): Promise<DashboardStats> {
    const [{ averageRating }, projects, engaged] = await Promise.all([
      deps.conversions.stats(facultyId),
      deps.dashboard.projectFigures(facultyId),
      deps.dashboard.engaged(facultyId, new Date(now() - ENGAGED_WINDOW_DAYS * DAY_MS)),
    ]);
    return {
      activeProjects: projects.active,
      studentsEngaged: countEngaged(engaged),
      completionRate: projects.counted === 0 ? 0 : Math.round((projects.completed / projects.counted) * 100),
      avgRating: Math.round(averageRating * 10) / 10,
    };
  }

  async function statsFor(facultyId: number): Promise<DashboardStats> {
    const cached = cache.get(facultyId);
    if (cached && now() - cached.at < FRESH_MS) return cached.stats;
    const version = versions.get(facultyId) ?? 0;
    const stats = await compute(facultyId);
    // A change that landed while computing makes this result stale: answer it, do not keep it.
    if ((versions.get(facultyId) ?? 0) === version) {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as number);
      cache.set(facultyId, { stats, at: now() });
    }
    return stats;
  }

  function evict(facultyId: number): void {
    versions.set(facultyId, (versions.get(facultyId) ?? 0) + 1);
    cache.delete(facultyId);
  }

  return {
    statsFor,

    /** Hears the other instances' changes. */
    start: () =>
      deps.notifier.subscribe(CHANNEL, (payload) => {
        const facultyId = Number(payload);
        if (Number.isSafeInteger(facultyId)) evict(facultyId);
      }),

    /** Something counted in the figures changed for this person: dropped here, then everywhere. */
    async changed(facultyId: number): Promise<void> {
      evict(facultyId);
      await deps.notifier.publish(CHANNEL, String(facultyId));
    },

    /** The newest contributions to the person's projects (the dashboard shows two). */
    async recentContributions(facultyId: number, limit: number) {
      return (await deps.dashboard.recentContributions(facultyId, limit)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Generate Presentation: the person's figures and up to 20 projects as a PowerPoint file. */
    async presentation(faculty: Faculty, date: Date) {
      const [stats, projects, conversionStats] = await Promise.all([
        statsFor(faculty.id),
        deps.dashboard.projects(faculty.id, PRESENTATION_PROJECTS),
        deps.conversions.stats(faculty.id),
      ]);
      const document = presentationDocument({
        faculty,
        stats,
        projects,
        conversions: conversionStats.totalConversions,
        date,
      });
      return renderExport(
        document,
        "pptx",
        `Pivot-and-Launch-Presentation-${date.toISOString().slice(0, 10)}.pptx`,
      );
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
