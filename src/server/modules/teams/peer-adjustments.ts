import { evaluatePeerRatings, type PeerRating } from "#shared/domain/peer-evaluation.ts";
import type { Database } from "../../db/client.ts";
import { createPeerEvaluationRepository } from "./peer-evaluation.repository.ts";
import { createTeamsRepository } from "./teams.repository.ts";
import type { PeerRatingRow } from "./teams.table.ts";

/** A stored rating as the peer evaluation arithmetic reads it. */
export const toRating = (row: PeerRatingRow): PeerRating => ({
  raterId: row.raterId,
  rateeId: row.rateeId,
  ratings: row.ratings,
});

/** A student's adjustment on a milestone: their factor, and the owner's override if any. */
export interface PeerAdjustment {
  factor: number;
  override: number | null;
}

/**
 * Each team member's adjustment from a project's peer evaluations (the context's
 * `peerAdjustments`, for the project's scores), by `${milestoneId}:${studentId}`: their factor
 * among their team's current members, or the owner's override. No entry without an evaluation.
 */
export function createPeerAdjustments(db: Database) {
  const evaluations = createPeerEvaluationRepository(db);
  const teams = createTeamsRepository(db);
  return async function peerAdjustments(projectId: number): Promise<Map<string, PeerAdjustment>> {
    const [{ ratings, overrides, milestoneIds }, members] = await Promise.all([
      evaluations.ofProject(projectId),
      teams.members(projectId),
    ]);
    const adjustments = new Map<string, PeerAdjustment>();
    const teamIds = [...new Set(members.map((member) => member.teamId))];
    for (const milestoneId of milestoneIds) {
      for (const teamId of teamIds) {
        const memberIds = members
          .filter((member) => member.teamId === teamId)
          .map((member) => member.studentId);
        const inTeam = new Set(memberIds);
        const result = evaluatePeerRatings({
          memberIds,
          ratings: ratings
            .filter(
              (row) => row.milestoneId === milestoneId && inTeam.has(row.raterId) && inTeam.has(row.rateeId),
            )
            .map(toRating),
        });
        for (const member of result.members) {
          const override = overrides.find(
            (row) => row.milestoneId === milestoneId && row.studentId === member.memberId,
          );
          adjustments.set(`${milestoneId}:${member.memberId}`, {
            factor: member.factor,
            override: override?.score ?? null,
          });
        }
      }
    }
    return adjustments;
  };
}

export type PeerAdjustments = ReturnType<typeof createPeerAdjustments>;
