import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type TeamSurveyAnswerRow,
  type TeamSurveyRow,
  teamSurveyAnswerTable,
  teamSurveyTable,
} from "./teams.table.ts";

/** A project's team survey and its students' answers. */
export function createTeamSurveyRepository(db: Database) {
  return {
    async survey(projectId: number): Promise<TeamSurveyRow | undefined> {
      const [row] = await db.select().from(teamSurveyTable).where(eq(teamSurveyTable.projectId, projectId));
      return row;
    },

    /** Switches the survey on, or changes it (its opening date kept). */
    async saveSurvey(row: Omit<TeamSurveyRow, "createdAt">): Promise<TeamSurveyRow> {
      const { projectId, ...changes } = row;
      const [saved] = await db
        .insert(teamSurveyTable)
        .values(row)
        .onConflictDoUpdate({ target: teamSurveyTable.projectId, set: changes })
        .returning();
      if (!saved) throw new Error("the team survey was not saved");
      return saved;
    },

    /** Switches the survey off; its answers go with it. */
    async deleteSurvey(projectId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(teamSurveyAnswerTable).where(eq(teamSurveyAnswerTable.projectId, projectId));
        const deleted = await tx
          .delete(teamSurveyTable)
          .where(eq(teamSurveyTable.projectId, projectId))
          .returning({ projectId: teamSurveyTable.projectId });
        return deleted.length > 0;
      });
    },

    answers(projectId: number): Promise<TeamSurveyAnswerRow[]> {
      return db.select().from(teamSurveyAnswerTable).where(eq(teamSurveyAnswerTable.projectId, projectId));
    },

    async answer(projectId: number, studentId: number): Promise<TeamSurveyAnswerRow | undefined> {
      const [row] = await db
        .select()
        .from(teamSurveyAnswerTable)
        .where(
          and(eq(teamSurveyAnswerTable.projectId, projectId), eq(teamSurveyAnswerTable.studentId, studentId)),
        );
      return row;
    },

    async saveAnswer(row: TeamSurveyAnswerRow): Promise<TeamSurveyAnswerRow> {
      const { projectId, studentId, ...changes } = row;
      const [saved] = await db
        .insert(teamSurveyAnswerTable)
        .values(row)
        .onConflictDoUpdate({
          target: [teamSurveyAnswerTable.projectId, teamSurveyAnswerTable.studentId],
          set: changes,
        })
        .returning();
      if (!saved) throw new Error("the answer was not saved");
      return saved;
    },
  };
}

export type TeamSurveyRepository = ReturnType<typeof createTeamSurveyRepository>;
