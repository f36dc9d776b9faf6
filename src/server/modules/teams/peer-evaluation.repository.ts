import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type PeerEvaluationRow,
  type PeerRatingRow,
  peerEvaluationTable,
  peerRatingTable,
  type ScoreOverrideRow,
  scoreOverrideTable,
} from "./teams.table.ts";

/** A milestone's peer evaluation, its ratings and the owner's score overrides. */
export function createPeerEvaluationRepository(db: Database) {
  return {
    async evaluation(milestoneId: number): Promise<PeerEvaluationRow | undefined> {
      const [row] = await db
        .select()
        .from(peerEvaluationTable)
        .where(eq(peerEvaluationTable.milestoneId, milestoneId));
      return row;
    },

    /** Opens the evaluation, or changes its close date and options (its opening and release kept). */
    async save(row: Pick<PeerEvaluationRow, "milestoneId" | "projectId" | "closesAt" | "showFactor">) {
      await db
        .insert(peerEvaluationTable)
        .values(row)
        .onConflictDoUpdate({
          target: peerEvaluationTable.milestoneId,
          set: { closesAt: row.closesAt, showFactor: row.showFactor },
        });
    },

    /** A project's evaluations, with every rating and override of each. */
    async ofProject(projectId: number) {
      const rows = await db
        .select()
        .from(peerEvaluationTable)
        .where(eq(peerEvaluationTable.projectId, projectId));
      const milestoneIds = rows.map((row) => row.milestoneId);
      if (milestoneIds.length === 0) return { ratings: [], overrides: [], milestoneIds };
      const [ratings, overrides] = await Promise.all([
        db.select().from(peerRatingTable).where(inArray(peerRatingTable.milestoneId, milestoneIds)),
        db.select().from(scoreOverrideTable).where(inArray(scoreOverrideTable.milestoneId, milestoneIds)),
      ]);
      return { ratings, overrides, milestoneIds };
    },

    async release(milestoneId: number, at: Date): Promise<void> {
      await db
        .update(peerEvaluationTable)
        .set({ releasedAt: at })
        .where(eq(peerEvaluationTable.milestoneId, milestoneId));
    },

    ratings(milestoneId: number): Promise<PeerRatingRow[]> {
      return db.select().from(peerRatingTable).where(eq(peerRatingTable.milestoneId, milestoneId));
    },

    /** The student's ratings, each replacing their earlier rating of the same person. */
    async saveRatings(rows: Omit<PeerRatingRow, "editedComment">[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .insert(peerRatingTable)
            .values(row)
            .onConflictDoUpdate({
              target: [peerRatingTable.milestoneId, peerRatingTable.raterId, peerRatingTable.rateeId],
              // A new comment from the student drops the owner's edit of the old one.
              set: {
                ratings: row.ratings,
                comment: row.comment,
                editedComment: null,
                submittedAt: row.submittedAt,
              },
            });
        }
      });
    },

    /** The owner's wording of a comment; false when there is no such rating. */
    async editComment(milestoneId: number, raterId: number, rateeId: number, editedComment: string) {
      const updated = await db
        .update(peerRatingTable)
        .set({ editedComment })
        .where(
          and(
            eq(peerRatingTable.milestoneId, milestoneId),
            eq(peerRatingTable.raterId, raterId),
            eq(peerRatingTable.rateeId, rateeId),
          ),
        )
        .returning({ raterId: peerRatingTable.raterId });
      return updated.length > 0;
    },

    overrides(milestoneId: number): Promise<ScoreOverrideRow[]> {
      return db.select().from(scoreOverrideTable).where(eq(scoreOverrideTable.milestoneId, milestoneId));
    },

    async saveOverride(row: ScoreOverrideRow): Promise<void> {
      const { milestoneId: _milestone, studentId: _student, ...changes } = row;
      await db
        .insert(scoreOverrideTable)
        .values(row)
        .onConflictDoUpdate({
          target: [scoreOverrideTable.milestoneId, scoreOverrideTable.studentId],
          set: changes,
        });
    },

    async deleteOverride(milestoneId: number, studentId: number): Promise<void> {
      await db
        .delete(scoreOverrideTable)
        .where(
          and(eq(scoreOverrideTable.milestoneId, milestoneId), eq(scoreOverrideTable.studentId, studentId)),
        );
    },
  };
}

export type PeerEvaluationRepository = ReturnType<typeof createPeerEvaluationRepository>;
