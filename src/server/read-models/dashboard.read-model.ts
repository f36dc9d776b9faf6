import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contributionTable as contribution } from "../modules/contributions/contributions.table.ts";
import { projectTable as project } from "../modules/projects/projects.table.ts";
import { engagedStudents } from "./engaged-students.ts";

/** The project figures of the dashboard (definitions in docs/decisions/0029-dashboard-figures.md). */
export function createDashboardReadModel(db: Database) {
  return {
    async projectFigures(facultyId: number) {
      const [row] = await db
        .select({
          active: sql<number>`count(*) filter (where ${project.status} = 'active')`.mapWith(Number),
          completed: sql<number>`count(*) filter (where ${project.status} = 'completed')`.mapWith(Number),
          counted: sql<number>`count(*) filter (where ${project.status} <> 'archived')`.mapWith(Number),
        })
        .from(project)
        .where(eq(project.facultyId, facultyId));
      return { active: row?.active ?? 0, completed: row?.completed ?? 0, counted: row?.counted ?? 0 };
    },

    /** Students active in one of the person's projects since `from` (see engaged-students.ts). */
    engaged(facultyId: number, from: Date) {
      return engagedStudents(db, facultyId, from);
    },

    /** The newest contributions to the person's projects, with the project's title. */
    async recentContributions(facultyId: number, limit: number) {
      return db
        .select({
          id: contribution.id,
          projectId: contribution.projectId,
          projectTitle: project.title,
          studentName: contribution.studentName,
          contributionType: contribution.contributionType,
          content: contribution.content,
          status: contribution.status,
          createdAt: contribution.createdAt,
        })
        .from(contribution)
        .innerJoin(project, eq(project.id, contribution.projectId))
        .where(eq(contribution.projectOwnerId, facultyId))
        .orderBy(desc(contribution.createdAt), desc(contribution.id))
        .limit(limit);
    },

    /** The person's projects, newest first, for the presentation. */
    async projects(facultyId: number, limit: number) {
      return db
        .select()
        .from(project)
        .where(and(eq(project.facultyId, facultyId), inArray(project.status, ["active", "completed"])))
        .orderBy(desc(project.createdAt), desc(project.id))
        .limit(limit);
    },
  };
}

export type DashboardReadModel = ReturnType<typeof createDashboardReadModel>;
