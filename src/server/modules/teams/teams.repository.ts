import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type TeamMemberRow,
  type TeamPlanRow,
  type TeamRow,
  teamMemberTable,
  teamPlanTable,
  teamTable,
} from "./teams.table.ts";

/** A project's teams, their members and how they were formed. */
export function createTeamsRepository(db: Database) {
  return {
    async plan(projectId: number): Promise<TeamPlanRow | undefined> {
      const [row] = await db.select().from(teamPlanTable).where(eq(teamPlanTable.projectId, projectId));
      return row;
    },

    teams(projectId: number): Promise<TeamRow[]> {
      return db
        .select()
        .from(teamTable)
        .where(eq(teamTable.projectId, projectId))
        .orderBy(asc(teamTable.position), asc(teamTable.id));
    },

    members(projectId: number): Promise<TeamMemberRow[]> {
      return db.select().from(teamMemberTable).where(eq(teamMemberTable.projectId, projectId));
    },

    async team(id: number): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teamTable).where(eq(teamTable.id, id));
      return row;
    },

    /**
     * Teams formed again: the unlocked teams go (their members with them) and `teams` are added
     * after the locked ones, in one transaction; the plan records how.
     */
    async replaceUnlocked(plan: TeamPlanRow, teams: { name: string; members: number[] }[]): Promise<void> {
      const { projectId } = plan;
      await db.transaction(async (tx) => {
        await tx
          .delete(teamTable)
          .where(and(eq(teamTable.projectId, projectId), eq(teamTable.locked, false)));
        const kept = await tx
          .select({ position: teamTable.position })
          .from(teamTable)
          .where(eq(teamTable.projectId, projectId));
        const first = Math.max(0, ...kept.map((row) => row.position + 1));
        for (const [index, team] of teams.entries()) {
          const [row] = await tx
            .insert(teamTable)
            .values({ projectId, name: team.name, position: first + index })
            .returning({ id: teamTable.id });
          if (!row) throw new Error("the team was not saved");
          if (team.members.length > 0) {
            await tx
              .insert(teamMemberTable)
              .values(team.members.map((studentId) => ({ projectId, studentId, teamId: row.id })));
          }
        }
        const { projectId: _key, ...changes } = plan;
        await tx
          .insert(teamPlanTable)
          .values(plan)
          .onConflictDoUpdate({ target: teamPlanTable.projectId, set: changes });
      });
    },

    async update(
      id: number,
      changes: Partial<Pick<TeamRow, "name" | "locked">>,
    ): Promise<TeamRow | undefined> {
      const [row] = await db.update(teamTable).set(changes).where(eq(teamTable.id, id)).returning();
      return row;
    },

    /** The student into `teamId`, or out of every team (null). */
    async move(projectId: number, studentId: number, teamId: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(teamMemberTable)
          .where(and(eq(teamMemberTable.projectId, projectId), eq(teamMemberTable.studentId, studentId)));
        if (teamId !== null) await tx.insert(teamMemberTable).values({ projectId, studentId, teamId });
      });
    },

    async setPublished(projectId: number, publishedAt: Date | null): Promise<void> {
      await db.update(teamPlanTable).set({ publishedAt }).where(eq(teamPlanTable.projectId, projectId));
    },

    /** Every team of the project and its plan: to start over. */
    async removeAll(projectId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(teamTable).where(eq(teamTable.projectId, projectId));
        const removed = await tx
          .delete(teamPlanTable)
          .where(eq(teamPlanTable.projectId, projectId))
          .returning({ projectId: teamPlanTable.projectId });
        return removed.length > 0;
      });
    },

    /** The student's team in the project and its members' ids, or undefined. */
    async teamOf(
      projectId: number,
      studentId: number,
    ): Promise<{ team: TeamRow; memberIds: number[] } | undefined> {
      const [membership] = await db
        .select({ team: teamTable })
        .from(teamMemberTable)
        .innerJoin(teamTable, eq(teamTable.id, teamMemberTable.teamId))
        .where(and(eq(teamMemberTable.projectId, projectId), eq(teamMemberTable.studentId, studentId)));
      if (!membership) return undefined;
      const members = await db
        .select({ studentId: teamMemberTable.studentId })
        .from(teamMemberTable)
        .where(inArray(teamMemberTable.teamId, [membership.team.id]));
      return { team: membership.team, memberIds: members.map((member) => member.studentId) };
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
