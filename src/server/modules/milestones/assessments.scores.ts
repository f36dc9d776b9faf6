import { individualScore } from "#shared/domain/peer-evaluation.ts";
import { criterionMaximum } from "#shared/domain/rubrics.ts";
import type { MilestoneScores, ProjectScores } from "#shared/schemas/scores.ts";
import type { Caller } from "../../lib/access.ts";
import { writeCsv } from "../../lib/csv.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import type { ProjectAccess } from "../projects/projects.service.ts";
import type { PeerAdjustments } from "../teams/peer-adjustments.ts";
import type { TeamMemberships } from "../teams/teams.service.ts";
import { createScoresProjectNotFoundError } from "./submissions.errors.ts";
import type { SubmissionsRepository } from "./submissions.repository.ts";

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Mean, median and range of a milestone's final scores (unrounded in, one decimal out). */
export function spreadOf(
  scores: readonly number[],
): Pick<MilestoneScores, "mean" | "median" | "min" | "max"> {
  if (scores.length === 0) return { mean: null, median: null, min: null, max: null };
  const sorted = [...scores].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    mean: oneDecimal(sorted.reduce((sum, score) => sum + score, 0) / sorted.length),
    median: oneDecimal(median),
    min: oneDecimal(sorted[0] ?? 0),
    max: oneDecimal(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * A project's scores for its owner: one row per enrolled student, one column per milestone (in due
 * order) holding the latest version's final score; a draft, or a later version not yet assessed,
 * leaves it empty. Of a team milestone, each member of a team gets their team's latest final score
 * (a student in no team, their own), adjusted by the peer evaluation when there is one (the owner's
 * override, else the score times the student's factor, at most 100). Analytics and the CSV both
 * come from here, so they always agree.
 */
export function createProjectScores(deps: {
  submissions: SubmissionsRepository;
  projects: ProjectAccess;
  roster: LmsEnrolments["roster"];
  teamMembership: TeamMemberships;
  peerAdjustments: PeerAdjustments;
}) {
  const { submissions, projects, roster, teamMembership, peerAdjustments } = deps;

  async function scores(caller: Caller, projectId: number): Promise<ProjectScores> {
    const project = await projects.findReadable(projectId, viewerOf(caller));
    if (!project) throw createScoresProjectNotFoundError();
    const [milestones, students, versions, teams, adjustments] = await Promise.all([
      submissions.milestonesOf(projectId),
      roster(projectId),
      submissions.versionsOfProject(projectId),
      teamMembership.teamsOf(projectId),
      peerAdjustments(projectId),
    ]);
    const teamOf = new Map(teams.flatMap((team) => team.memberIds.map((id) => [id, team.id] as const)));
    const rubricIds = [...new Set(milestones.flatMap((milestone) => milestone.rubricId ?? []))];
    const rubrics = new Map(
      (await Promise.all(rubricIds.map((id) => submissions.rubric(id)))).flatMap((rubric) =>
        rubric ? [[rubric.id, rubric] as const] : [],
      ),
    );
    // The latest version of each student's own work and of each team's, per milestone.
    const latest = new Map<string, { id: number; version: number; late: boolean }>();
    for (const { submission } of versions) {
      const owner = submission.teamId === null ? submission.studentId : `team ${submission.teamId}`;
      const key = `${submission.milestoneId}:${owner}`;
      const seen = latest.get(key);
      if (!seen || submission.version > seen.version) {
        latest.set(key, { id: submission.id, version: submission.version, late: submission.late });
      }
    }
    const teamMilestones = new Set(
      milestones.flatMap((milestone) => (milestone.teamSubmission ? [milestone.id] : [])),
    );
    /** The version that counts for the student: their team's for a team milestone, else their own. */
    const latestOf = (milestoneId: number, studentId: number) => {
      const team = teamMilestones.has(milestoneId) ? teamOf.get(studentId) : undefined;
      return latest.get(`${milestoneId}:${team === undefined ? studentId : `team ${team}`}`);
    };
    const finals = new Map(
      (await submissions.assessmentsOf([...latest.values()].map((version) => version.id)))
        .filter((assessment) => assessment.status === "final")
        .map((assessment) => [assessment.submissionId, assessment.score]),
    );
    /**
     * The student's score: their version's final score; of a team milestone with a peer evaluation,
     * the owner's override, else the team's score times the student's factor (at most 100).
     */
    const scoreOf = (milestoneId: number, studentId: number) => {
      const version = latestOf(milestoneId, studentId);
      const score = version === undefined ? undefined : finals.get(version.id);
      const adjustment = teamMilestones.has(milestoneId)
        ? adjustments.get(`${milestoneId}:${studentId}`)
        : undefined;
      if (!adjustment) return score;
      if (adjustment.override !== null) return adjustment.override;
      return score === undefined ? undefined : individualScore(score, adjustment.factor, 100);
    };

    return {
      project: { id: project.id, title: project.title },
      milestones: milestones.map((milestone) => {
        const rubric = milestone.rubricId === null ? undefined : rubrics.get(milestone.rubricId);
        const handedIn = students.flatMap((student) => latestOf(milestone.id, student.studentId) ?? []);
        const finalScores = students.flatMap((student) => scoreOf(milestone.id, student.studentId) ?? []);
        return {
          id: milestone.id,
          title: milestone.title,
          stage: milestone.stage,
          dueAt: milestone.dueAt.toISOString(),
          rubricTitle: rubric?.title ?? null,
          maximum: rubric
            ? rubric.criteria.reduce((sum, criterion) => sum + criterionMaximum(criterion), 0)
            : null,
          enrolled: students.length,
          handedIn: handedIn.length,
          late: handedIn.filter((version) => version.late).length,
          scored: finalScores.length,
          released: milestone.feedbackReleasedAt !== null,
          ...spreadOf(finalScores),
        };
      }),
      students: students.map((student) => ({
        id: student.studentId,
        name: student.name,
        scores: milestones.map((milestone) => {
          const score = scoreOf(milestone.id, student.studentId);
          return score === undefined ? null : oneDecimal(score);
        }),
      })),
    };
  }

  return {
    scores,

    /** The same scores as a spreadsheet: a "Student" column, then one column per milestone. */
    async scoresCsv(caller: Caller, projectId: number): Promise<{ csv: string; title: string }> {
      const table = await scores(caller, projectId);
      return {
        csv: writeCsv(
          ["Student", ...table.milestones.map((milestone) => milestone.title)],
          table.students.map((student) => [student.name, ...student.scores]),
          { bom: true },
        ),
        title: table.project.title,
      };
    },
  };
}

export type ProjectScoresService = ReturnType<typeof createProjectScores>;
