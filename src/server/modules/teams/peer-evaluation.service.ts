import { individualScore, peerRatingProblems } from "#shared/domain/peer-evaluation.ts";
import {
  type OwnerPeerEvaluation,
  PEER_MESSAGES,
  type PeerEvaluationInput,
  type PeerRatingsWrite,
  type StudentPeerEvaluation,
} from "#shared/schemas/peer-evaluation.ts";
import type { Caller } from "../../lib/access.ts";
import { writeCsv } from "../../lib/csv.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { LmsEnrolments, StudentEnrolments } from "../enrolment/enrolment.service.ts";
import type { MilestoneLookup } from "../milestones/milestones.service.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import { enrolledTeams, evaluateTeam } from "./peer-adjustments.ts";
import type { PeerEvaluationRepository } from "./peer-evaluation.repository.ts";
import {
  createInvalidPeerRatingError,
  createNoPublishedTeamError,
  createPeerEvaluationClosedError,
  createPeerEvaluationNotFoundError,
  createPeerMilestoneNotFoundError,
  createPeerTargetNotFoundError,
} from "./teams.errors.ts";
import type { TeamMemberships } from "./teams.service.ts";

/** "7 December 2026 at 17:00 UTC": a close date in a refusal. */
const closeDate = (at: Date) =>
  `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;

/**
 * Peer and self evaluation of a milestone (shared/domain/peer-evaluation.ts for the arithmetic):
 * the owner opens it until a close date, reads every rating with factors and flags, edits and
 * releases comments, and overrides an individual score with a reason; a student of a published
 * team rates themself first, then each teammate, and once released reads the comments teammates
 * wrote to them (never who wrote them, never their ratings) and, if shown, their own factor.
 */
export function createPeerEvaluationService(deps: {
  evaluations: PeerEvaluationRepository;
  /** The project's teams and a student's published team (teams.service.ts). */
  membership: TeamMemberships;
  milestones: MilestoneLookup;
  projects: ProjectAccess;
  enrolments: StudentEnrolments;
  roster: LmsEnrolments["roster"];
  /** Each team's score for the milestone (its work's final assessment, 0 to 100). */
  teamScores: (milestoneId: number) => Promise<Map<number, number>>;
  now: () => Date;
}) {
  const { evaluations, membership, milestones, projects, enrolments, roster, teamScores, now } = deps;

  async function ownedMilestone(milestoneId: number, caller: Caller) {
    const milestone = await milestones.find(milestoneId);
    if (!milestone || !(await projects.findReadable(milestone.projectId, viewerOf(caller)))) {
      throw createPeerMilestoneNotFoundError();
    }
    return milestone;
  }

  async function enrolledMilestone(milestoneId: number, caller: Caller) {
    const milestone = await milestones.find(milestoneId);
    if (!milestone || !(await enrolments.enrolledProject(milestone.projectId, caller.id))) {
      throw createPeerMilestoneNotFoundError();
    }
    return milestone;
  }

  /** The student's published team's member ids (themself included), or undefined. */
  async function publishedTeamOf(projectId: number, studentId: number) {
    const team = await membership.publishedTeamOf(projectId, studentId);
    if (!team) return undefined;
    const students = await roster(projectId);
    const nameOf = new Map(students.map((student) => [student.studentId, student.name]));
    return { memberIds: team.memberIds.filter((id) => nameOf.has(id)), nameOf };
  }

  async function ownerView(milestoneId: number, caller: Caller): Promise<OwnerPeerEvaluation> {
    const milestone = await ownedMilestone(milestoneId, caller);
    const evaluation = await evaluations.evaluation(milestoneId);
    const [{ teams: projectTeams, nameOf }, ratings, overrides, scores] = await Promise.all([
      enrolledTeams(membership, roster, milestone.projectId),
      evaluations.ratings(milestoneId),
      evaluations.overrides(milestoneId),
      teamScores(milestoneId),
    ]);
    const person = (id: number) => ({ id, name: nameOf.get(id) ?? "A former student" });
    return {
      milestone: { id: milestone.id, projectId: milestone.projectId, title: milestone.title },
      evaluation: evaluation
        ? {
            closesAt: evaluation.closesAt.toISOString(),
            showFactor: evaluation.showFactor,
            releasedAt: evaluation.releasedAt?.toISOString() ?? null,
            openedAt: evaluation.createdAt.toISOString(),
          }
        : null,
      teams: projectTeams.map((team) => {
        const { within: teamRatings, result } = evaluateTeam(team.memberIds, ratings);
        const score = scores.get(team.id) ?? null;
        return {
          id: team.id,
          name: team.name,
          score,
          flags: result.flags.map(({ kind, message }) => ({ kind, message })),
          members: result.members.map((member) => {
            const override = overrides.find((row) => row.studentId === member.memberId);
            return {
              ...person(member.memberId),
              received: member.received,
              receivedByDimension: member.receivedByDimension,
              raters: member.raters,
              self: member.self,
              factor: member.factor,
              factorReason: member.factorReason,
              flags: member.flags.map(({ kind, message }) => ({ kind, message })),
              individualScore: score === null ? null : individualScore(score, member.factor, 100),
              override: override
                ? { score: override.score, reason: override.reason, at: override.overriddenAt.toISOString() }
                : null,
            };
          }),
          comments: teamRatings
            .filter((row) => row.raterId !== row.rateeId && row.comment !== "")
            .map((row) => ({
              rater: person(row.raterId),
              ratee: person(row.rateeId),
              comment: row.comment,
              editedComment: row.editedComment,
            })),
        };
      }),
    };
  }

  async function studentView(milestoneId: number, caller: Caller): Promise<StudentPeerEvaluation> {
    const milestone = await enrolledMilestone(milestoneId, caller);
    const evaluation = await evaluations.evaluation(milestoneId);
    const base = {
      milestone: { id: milestone.id, projectId: milestone.projectId, title: milestone.title },
    };
    const team = evaluation ? await publishedTeamOf(milestone.projectId, caller.id) : undefined;
    if (!evaluation || !team) {
      return {
        ...base,
        evaluation: evaluation
          ? {
              closesAt: evaluation.closesAt.toISOString(),
              closed: evaluation.closesAt <= now(),
              released: false,
            }
          : null,
        people: [],
        given: [],
        comments: [],
        factor: null,
      };
    }
    const { within: ratings, result } = evaluateTeam(team.memberIds, await evaluations.ratings(milestoneId));
    const released = evaluation.releasedAt !== null;
    const mine = result.members.find((member) => member.memberId === caller.id);
    const teammates = team.memberIds
      .filter((id) => id !== caller.id)
      .sort((a, b) => (team.nameOf.get(a) ?? "").localeCompare(team.nameOf.get(b) ?? ""));
    return {
      ...base,
      evaluation: {
        closesAt: evaluation.closesAt.toISOString(),
        closed: evaluation.closesAt <= now(),
        released,
      },
      people: [caller.id, ...teammates].map((id) => ({
        id,
        name: team.nameOf.get(id) ?? "",
        self: id === caller.id,
      })),
      given: ratings
        .filter((row) => row.raterId === caller.id)
        .map((row) => ({ rateeId: row.rateeId, ratings: row.ratings, comment: row.comment })),
      comments: released
        ? ratings
            .filter((row) => row.rateeId === caller.id && row.raterId !== caller.id)
            .map((row) => row.editedComment ?? row.comment)
            .filter((comment) => comment !== "")
        : [],
      factor: released && evaluation.showFactor && mine ? mine.factor : null,
    };
  }

  return {
    view: ownerView,

    /** The evaluation as CSV for the owner: one row per student with what the screen shows. */
    async csv(milestoneId: number, caller: Caller): Promise<{ csv: string; title: string }> {
      const view = await ownerView(milestoneId, caller);
      if (!view.evaluation) throw createPeerEvaluationNotFoundError();
      const number = (value: number | null, digits: number) => (value === null ? "" : value.toFixed(digits));
      const rows = view.teams.flatMap((team) =>
        team.members.map((member) => [
          team.name,
          member.name,
          number(member.self, 2),
          number(member.received, 2),
          String(member.raters),
          member.factor.toFixed(2),
          number(team.score, 1),
          number(member.individualScore, 2),
          member.override ? member.override.score.toFixed(2) : "",
          member.override?.reason ?? "",
          [...member.flags, ...team.flags].map((flag) => flag.message).join(" "),
        ]),
      );
      const header = [
        "Team",
        "Student",
        "Self",
        "Received",
        "Raters",
        "Factor",
        "Team score",
        "Individual score",
        "Override",
        "Override reason",
        "Flags",
      ];
      return { csv: writeCsv(header, rows, { bom: true }), title: view.milestone.title };
    },

    async open(milestoneId: number, input: Required<PeerEvaluationInput>, caller: Caller) {
      const milestone = await ownedMilestone(milestoneId, caller);
      await evaluations.save({
        milestoneId,
        projectId: milestone.projectId,
        closesAt: new Date(input.closesAt),
        showFactor: input.showFactor,
      });
      return ownerView(milestoneId, caller);
    },

    async release(milestoneId: number, caller: Caller) {
      await ownedMilestone(milestoneId, caller);
      const evaluation = await evaluations.evaluation(milestoneId);
      if (!evaluation) throw createPeerEvaluationNotFoundError();
      if (!evaluation.releasedAt) await evaluations.release(milestoneId, now());
      return ownerView(milestoneId, caller);
    },

    async editComment(
      milestoneId: number,
      input: { raterId: number; rateeId: number; comment: string },
      caller: Caller,
    ) {
      await ownedMilestone(milestoneId, caller);
      if (!(await evaluations.editComment(milestoneId, input.raterId, input.rateeId, input.comment))) {
        throw createPeerTargetNotFoundError(PEER_MESSAGES.ratingNotFound);
      }
      return ownerView(milestoneId, caller);
    },

    async override(
      milestoneId: number,
      studentId: number,
      input: { score: number; reason: string } | null,
      caller: Caller,
    ) {
      const milestone = await ownedMilestone(milestoneId, caller);
      const { teams: projectTeams } = await enrolledTeams(membership, roster, milestone.projectId);
      if (!projectTeams.some((team) => team.memberIds.includes(studentId))) {
        throw createPeerTargetNotFoundError(PEER_MESSAGES.studentNotFound);
      }
      if (input) {
        await evaluations.saveOverride({ milestoneId, studentId, ...input, overriddenAt: now() });
      } else {
        await evaluations.deleteOverride(milestoneId, studentId);
      }
      return ownerView(milestoneId, caller);
    },

    forStudent: studentView,

    /** The student's ratings: themself first, then teammates; each replaces an earlier one. */
    async rate(milestoneId: number, input: PeerRatingsWrite, caller: Caller) {
      const milestone = await enrolledMilestone(milestoneId, caller);
      const evaluation = await evaluations.evaluation(milestoneId);
      if (!evaluation) throw createPeerEvaluationNotFoundError();
      const at = now();
      if (evaluation.closesAt <= at) {
        throw createPeerEvaluationClosedError(PEER_MESSAGES.closed(closeDate(evaluation.closesAt)));
      }
      const team = await publishedTeamOf(milestone.projectId, caller.id);
      if (!team) throw createNoPublishedTeamError();
      const given = input.ratings.map((rating) => ({
        raterId: caller.id,
        rateeId: rating.rateeId,
        ratings: rating.ratings,
      }));
      const [problem] = peerRatingProblems({ memberIds: team.memberIds, ratings: given }, (id) =>
        id === caller.id ? "you" : (team.nameOf.get(id) ?? `student ${id}`),
      );
      if (problem) throw createInvalidPeerRatingError(problem.message);
      const ratesSelf = given.some((rating) => rating.rateeId === caller.id);
      if (!ratesSelf) {
        const earlier = await evaluations.ratings(milestoneId);
        if (!earlier.some((row) => row.raterId === caller.id && row.rateeId === caller.id)) {
          throw createInvalidPeerRatingError(PEER_MESSAGES.selfFirst);
        }
      }
      await evaluations.saveRatings(
        input.ratings.map((rating) => ({
          milestoneId,
          raterId: caller.id,
          rateeId: rating.rateeId,
          ratings: rating.ratings,
          comment: rating.comment,
          submittedAt: at,
        })),
      );
      return studentView(milestoneId, caller);
    },
  };
}

export type PeerEvaluationService = ReturnType<typeof createPeerEvaluationService>;
