import { evaluatePeerRatings, type PeerRating } from "#shared/domain/peer-evaluation.ts";
import type { Database } from "../../db/client.ts";
import { createLmsEnrolments, type LmsEnrolments } from "../enrolment/enrolment.service.ts";
import { createPeerEvaluationRepository } from "./peer-evaluation.repository.ts";
import { createTeamMembership, type TeamMemberships } from "./teams.service.ts";
import type { PeerRatingRow } from "./teams.table.ts";

/** A stored rating as the peer evaluation arithmetic reads it. */
const toRating = (row: PeerRatingRow): PeerRating => ({
  raterId: row.raterId,
  rateeId: row.rateeId,
  ratings: row.ratings,
});

/**
 * One team's peer evaluation from a milestone's ratings: only ratings between its members count
 * (`within`), and the arithmetic of shared/domain/peer-evaluation.ts on them.
 */
export function evaluateTeam(memberIds: readonly number[], ratings: readonly PeerRatingRow[]) {
  const inTeam = new Set(memberIds);
  const within = ratings.filter((row) => inTeam.has(row.raterId) && inTeam.has(row.rateeId));
  return { within, result: evaluatePeerRatings({ memberIds, ratings: within.map(toRating) }) };
}

/**
 * The project's teams with only their members still enrolled (a student who left is neither rated
 * nor counted), and every enrolled student's name.
 */
export async function enrolledTeams(
  membership: TeamMemberships,
  roster: LmsEnrolments["roster"],
  projectId: number,
) {
  const [projectTeams, students] = await Promise.all([membership.teamsOf(projectId), roster(projectId)]);
  const nameOf = new Map(students.map((student) => [student.studentId, student.name]));
  return {
    nameOf,
    teams: projectTeams.map((team) => ({
      ...team,
      memberIds: team.memberIds.filter((id) => nameOf.has(id)),
    })),
  };
}

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
  const membership = createTeamMembership(db);
  const { roster } = createLmsEnrolments(db);
  return async function peerAdjustments(projectId: number): Promise<Map<string, PeerAdjustment>> {
    const [{ ratings, overrides, milestoneIds }, { teams }] = await Promise.all([
      evaluations.ofProject(projectId),
      enrolledTeams(membership, roster, projectId),
    ]);
    const adjustments = new Map<string, PeerAdjustment>();
    for (const milestoneId of milestoneIds) {
      const milestoneRatings = ratings.filter((row) => row.milestoneId === milestoneId);
      for (const team of teams) {
        for (const member of evaluateTeam(team.memberIds, milestoneRatings).result.members) {
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
