import type { DashboardStats } from "#shared/schemas/auth.ts";

/**
 * The dashboard figures of a faculty member. Projects, contributions and rated conversions are
 * built by later issues; until their tables exist there is nothing to count, so every figure is 0
 * (the spec: a missing value shows 0). The dashboard issue replaces this with real queries.
 */
export function createDashboardService() {
  return {
    async statsFor(_facultyId: number): Promise<DashboardStats> {
      return { activeProjects: 0, studentsEngaged: 0, completionRate: 0, avgRating: 0 };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
