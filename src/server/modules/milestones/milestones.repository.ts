import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { assessmentTable, milestoneTable, rubricTable, submissionTable } from "./milestones.table.ts";

export interface MilestoneValues {
  title: string;
  stage: "pivot" | "launch" | "final";
  dueAt: Date;
  description: string;
  deliverables: string[];
  rubricId: number | null;
  closedAt: Date | null;
  teamSubmission?: boolean;
}

/** Milestones of projects (the service checks who may reach the project first). */
export function createMilestonesRepository(db: Database) {
  /** The project's first milestone due after `at` that meets `condition`. */
  async function firstDueAfter(projectId: number, at: Date, condition: SQL) {
    const [row] = await db
      .select()
      .from(milestoneTable)
      .where(and(eq(milestoneTable.projectId, projectId), gt(milestoneTable.dueAt, at), condition))
      .orderBy(asc(milestoneTable.dueAt), asc(milestoneTable.id))
      .limit(1);
    return row;
  }

  return {
    /** A project's milestones in due order. */
    listByProject(projectId: number) {
      return db
        .select()
        .from(milestoneTable)
        .where(eq(milestoneTable.projectId, projectId))
        .orderBy(asc(milestoneTable.dueAt), asc(milestoneTable.id));
    },

    /** The open milestones of these projects due by `until`, in due order. */
    openDueBy(projectIds: number[], until: Date) {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(milestoneTable)
        .where(
          and(
            inArray(milestoneTable.projectId, projectIds),
            isNull(milestoneTable.closedAt),
            lte(milestoneTable.dueAt, until),
          ),
        )
        .orderBy(asc(milestoneTable.dueAt), asc(milestoneTable.id));
    },

    async find(id: number) {
      const [row] = await db.select().from(milestoneTable).where(eq(milestoneTable.id, id));
      return row;
    },

    /** The project's first launch milestone due after `at`. */
    nextLaunch: (projectId: number, at: Date) =>
      firstDueAfter(projectId, at, eq(milestoneTable.stage, "launch")),

    /** The project's first open milestone due after `at` (the one in progress), if any. */
    current: (projectId: number, at: Date) => firstDueAfter(projectId, at, isNull(milestoneTable.closedAt)),

    async insert(projectId: number, values: MilestoneValues) {
      const [row] = await db
        .insert(milestoneTable)
        .values({ projectId, ...values })
        .returning();
      if (!row) throw new Error("milestone insert returned no row");
      return row;
    },

    async update(id: number, values: MilestoneValues, now: Date) {
      const [row] = await db
        .update(milestoneTable)
        .set({ ...values, updatedAt: now })
        .where(eq(milestoneTable.id, id))
        .returning();
      return row;
    },

    async delete(id: number) {
      const rows = await db
        .delete(milestoneTable)
        .where(eq(milestoneTable.id, id))
        .returning({ id: milestoneTable.id });
      return rows.length > 0;
    },

    /** Whether the rubric is this person's. */
    async ownsRubric(rubricId: number, facultyId: number) {
      const [row] = await db
        .select({ id: rubricTable.id })
        .from(rubricTable)
        .where(and(eq(rubricTable.id, rubricId), eq(rubricTable.facultyId, facultyId)));
      return row !== undefined;
    },

    /** Each team's latest version of the milestone's work with its assessment, if any (latest first). */
    teamVersions(milestoneId: number) {
      return db
        .select({
          teamId: submissionTable.teamId,
          version: submissionTable.version,
          score: assessmentTable.score,
          status: assessmentTable.status,
        })
        .from(submissionTable)
        .leftJoin(assessmentTable, eq(assessmentTable.submissionId, submissionTable.id))
        .where(and(eq(submissionTable.milestoneId, milestoneId), isNotNull(submissionTable.teamId)))
        .orderBy(asc(submissionTable.teamId), desc(submissionTable.version));
    },

    /** Whether any work was handed in for the milestone. */
    async hasSubmissions(milestoneId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: submissionTable.id })
        .from(submissionTable)
        .where(eq(submissionTable.milestoneId, milestoneId))
        .limit(1);
      return row !== undefined;
    },

    /** Which of these milestones the student (or one of their teams) handed work in for. */
    async submittedBy(
      studentId: number,
      milestoneIds: number[],
      teamIds: number[] = [],
    ): Promise<Set<number>> {
      if (milestoneIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ milestoneId: submissionTable.milestoneId })
        .from(submissionTable)
        .where(
          and(
            teamIds.length === 0
              ? eq(submissionTable.studentId, studentId)
              : or(eq(submissionTable.studentId, studentId), inArray(submissionTable.teamId, teamIds)),
            inArray(submissionTable.milestoneId, milestoneIds),
          ),
        );
      return new Set(rows.map((row) => row.milestoneId));
    },
  };
}

export type MilestonesRepository = ReturnType<typeof createMilestonesRepository>;
