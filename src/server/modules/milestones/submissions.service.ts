import { READINESS_MESSAGES } from "#shared/schemas/pacing.ts";
import type {
  MilestoneSubmissions,
  StudentMilestone,
  SubmissionDetail,
  SubmissionInput,
  SubmissionRow as SubmissionListRow,
  SubmissionVersion,
} from "#shared/schemas/submissions.ts";
import { SUBMISSION_MESSAGES } from "#shared/schemas/submissions.ts";
import type { Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import type { LaunchGate } from "../pacing/launch-readiness.service.ts";
import type { TeamMemberships } from "../teams/teams.service.ts";
import { fileUrlOf, objectKeyOf, type UploadsService } from "../uploads/uploads.service.ts";
import type { SubmissionRow } from "./milestones.table.ts";
import type { MilestoneAccess } from "./submissions.access.ts";
import {
  createLaunchWaitsError,
  createMilestoneClosedError,
  createNotInTeamError,
  createSubmissionFileNotFoundError,
  createSubmissionNotFoundError,
  createUploadInUseError,
} from "./submissions.errors.ts";
import {
  toAssessment,
  toAssessmentRubric,
  toReleasedFeedback,
  toSubmissionMilestone,
  toVersions,
} from "./submissions.presenter.ts";
import type { NewSubmissionFile, SubmissionsRepository } from "./submissions.repository.ts";
import { latestBy, membersOf, teamLines, workOf } from "./submissions.teams.ts";

/**
 * Handing in work against a milestone, and reading it: the student their own (of a team
 * milestone, their published team's), the owner everyone's.
 */
export function createSubmissionsService(deps: {
  submissions: SubmissionsRepository;
  access: MilestoneAccess;
  uploads: UploadsService;
  roster: LmsEnrolments["roster"];
  teamMembership: TeamMemberships;
  /** Queues the reading of handed-in files' text (for search). */
  readText: (files: ReadonlyArray<{ id: number; mimeType: string }>) => Promise<void>;
  /** Whether a launch milestone waits for the student's readiness (pacing's launch gate). */
  launchGate: Pick<LaunchGate, "conceptsToStrengthen">;
  now: () => Date;
}) {
  const { submissions, access, uploads, roster, teamMembership, readText, launchGate, now } = deps;

  async function withFiles(rows: SubmissionRow[]): Promise<SubmissionVersion[]> {
    return toVersions(rows, await submissions.filesOf(rows.map((row) => row.id)));
  }

  /**
   * The milestone and the caller's published team (of a team milestone) when it takes the caller's
   * work at `at`; refused once closed, from a student in no team on a team milestone, and while a
   * launch milestone waits for the caller's readiness.
   */
  async function takingWork(caller: Caller, milestoneId: number, at: Date) {
    const milestone = await access.enrolled(caller, milestoneId);
    if (milestone.closedAt && milestone.closedAt <= at) {
      throw createMilestoneClosedError(SUBMISSION_MESSAGES.closed(milestone.title));
    }
    const team = milestone.teamSubmission
      ? await teamMembership.publishedTeamOf(milestone.projectId, caller.id)
      : undefined;
    if (milestone.teamSubmission && !team) throw createNotInTeamError();
    const toStrengthen = await launchGate.conceptsToStrengthen(
      milestone.projectId,
      milestoneId,
      caller.id,
      at,
    );
    if (toStrengthen.length > 0)
      throw createLaunchWaitsError(READINESS_MESSAGES.handInWaits(toStrengthen.join(", ")));
    return { milestone, team };
  }

  return {
    /** A signed address for one file of a hand-in, when the milestone takes the caller's work (takingWork). */
    async uploadAddress(caller: Caller, milestoneId: number, fileName: string) {
      await takingWork(caller, milestoneId, now());
      return { uploadURL: await uploads.createAddress(caller, fileName) };
    },

    /**
     * A new version of the caller's work: text, link and completed uploads of the caller (type
     * checked when they were sent). Late after the due date; refused once the milestone is closed.
     * Each file's text is read afterwards by a job (submissions.text.ts) for the instructor's search.
     * A team milestone takes work from a member of a published team only, as the team's next version.
     * A launch milestone whose project waits for readiness takes work once the student's predicted
     * recall of every pivot concept at the launch reaches the threshold (409 naming the concepts).
     */
    async handIn(caller: Caller, milestoneId: number, input: SubmissionInput): Promise<SubmissionVersion> {
      const at = now();
      const { milestone, team } = await takingWork(caller, milestoneId, at);
      const files: NewSubmissionFile[] = [];
      for (const uploadId of input.uploadIds) {
        const upload = await uploads.completedFor(caller, fileUrlOf(uploadId));
        if (await uploads.isRecorded(upload.id)) throw createUploadInUseError();
        files.push({
          uploadId: upload.id,
          originalName: upload.originalName,
          mimeType: upload.mimeType,
          fileSize: upload.size,
        });
      }
      const values = {
        milestoneId,
        studentId: caller.id,
        teamId: team?.id ?? null,
        text: input.text,
        link: input.link ? input.link : null,
        late: at > milestone.dueAt,
      };
      // Two hand-ins at the same moment take the same version number: the second tries again.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const row = await submissions.insertVersion(values, files, at);
          const [version] = await withFiles([row]);
          if (!version) throw createSubmissionNotFoundError();
          await readText(version.files);
          return version;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (attempt >= 2 || files.length > 0) throw createUploadInUseError();
        }
      }
    },

    /**
     * The student's milestone: their versions and, only once released, the final assessments. Of a
     * team milestone: their published team with its members and the team's versions (without a
     * team, only their own versions that belong to no team).
     */
    async studentMilestone(caller: Caller, milestoneId: number): Promise<StudentMilestone> {
      const milestone = await access.enrolled(caller, milestoneId);
      const rubric = milestone.rubricId ? await submissions.rubric(milestone.rubricId) : undefined;
      const team = milestone.teamSubmission
        ? await teamMembership.publishedTeamOf(milestone.projectId, caller.id)
        : undefined;
      const rows = team
        ? await submissions.versionsOfTeam(milestoneId, team.id)
        : (await submissions.versionsOf(milestoneId, caller.id)).filter(
            (row) => !milestone.teamSubmission || row.teamId === null,
          );
      const versions = await withFiles(rows);
      const released = milestone.feedbackReleasedAt !== null;
      const assessments = released ? await submissions.assessmentsOf(rows.map((row) => row.id)) : [];
      return {
        milestone: toSubmissionMilestone(milestone),
        rubric: toAssessmentRubric(rubric),
        team: team ? { name: team.name, members: membersOf(team, await roster(milestone.projectId)) } : null,
        versions: versions.map((version) => {
          const assessment = assessments.find(
            (candidate) => candidate.submissionId === version.id && candidate.status === "final",
          );
          return { ...version, feedback: assessment ? toReleasedFeedback(assessment, rubric) : null };
        }),
      };
    },

    /**
     * Every enrolled student's line for the owner (the latest version, its assessment), filtered by
     * `q`; of a team milestone, one line per team, then the students in no team.
     */
    async list(caller: Caller, milestoneId: number, q: string | undefined): Promise<MilestoneSubmissions> {
      const milestone = await access.owned(caller, milestoneId);
      const rubric = milestone.rubricId ? await submissions.rubric(milestone.rubricId) : undefined;
      const [students, rows, teams] = await Promise.all([
        roster(milestone.projectId),
        submissions.versionsOfMilestone(milestoneId),
        milestone.teamSubmission ? teamMembership.teamsOf(milestone.projectId) : [],
      ]);
      const matching = q ? await submissions.matching(milestoneId, q) : undefined;
      const head = { milestone: toSubmissionMilestone(milestone), rubric: toAssessmentRubric(rubric) };
      if (milestone.teamSubmission) {
        const assessments = await submissions.assessmentsOf(rows.map((row) => row.id));
        return { ...head, students: teamLines({ teams, students, rows, assessments, matching }) };
      }
      const latest = latestBy(rows, (row) => row.studentId);
      const assessments = await submissions.assessmentsOf([...latest.values()].map(({ row }) => row.id));
      const lines: SubmissionListRow[] = students
        .filter((student) => !matching || matching.students.has(student.studentId))
        .map((student) => ({
          studentId: student.studentId,
          name: student.name,
          ...workOf(latest.get(student.studentId), assessments),
        }));
      return { ...head, students: lines };
    },

    /**
     * One version for the owner, with the student's (or the team's) other versions and its
     * assessment (draft too); `student` is who handed it in.
     */
    async detail(caller: Caller, submissionId: number): Promise<SubmissionDetail> {
      const row = await submissions.submission(submissionId);
      if (!row) throw createSubmissionNotFoundError();
      const milestone = await access.owned(caller, row.milestoneId).catch(() => {
        throw createSubmissionNotFoundError();
      });
      const rubric = milestone.rubricId ? await submissions.rubric(milestone.rubricId) : undefined;
      const [rows, students, teams] = await Promise.all([
        row.teamId === null
          ? submissions.versionsOf(row.milestoneId, row.studentId)
          : submissions.versionsOfTeam(row.milestoneId, row.teamId),
        roster(milestone.projectId),
        row.teamId === null ? [] : teamMembership.teamsOf(milestone.projectId),
      ]);
      const team = teams.find((candidate) => candidate.id === row.teamId);
      const [versions, assessments] = await Promise.all([
        withFiles(rows),
        submissions.assessmentsOf(rows.map((version) => version.id)),
      ]);
      const student = students.find((candidate) => candidate.studentId === row.studentId);
      const submission = versions.find((version) => version.id === row.id);
      if (!submission) throw createSubmissionNotFoundError();
      const assessmentOf = (id: number) => assessments.find((candidate) => candidate.submissionId === id);
      const assessment = assessmentOf(row.id);
      return {
        milestone: toSubmissionMilestone(milestone),
        rubric: toAssessmentRubric(rubric),
        student: { id: row.studentId, name: student?.name ?? "A former student" },
        team: team ? { id: team.id, name: team.name, members: membersOf(team, students) } : null,
        submission,
        versions: versions.map((version) => {
          const scored = assessmentOf(version.id);
          return { ...version, assessment: scored ? { status: scored.status, score: scored.score } : null };
        }),
        assessment: assessment ? toAssessment(assessment) : null,
      };
    },

    /**
     * A submission's file for a download: its student's, a current member's of the published team
     * whose version it is, or the project owner's.
     */
    async file(caller: Caller, fileId: number) {
      const found = await submissions.file(fileId);
      if (!found) throw createSubmissionFileNotFoundError();
      const { file, submission } = found;
      if (submission.studentId !== caller.id) {
        const milestone = await submissions.milestone(submission.milestoneId);
        if (!milestone) throw createSubmissionFileNotFoundError();
        const team =
          submission.teamId === null
            ? undefined
            : await teamMembership.publishedTeamOf(milestone.projectId, caller.id);
        const teammate =
          team?.id === submission.teamId &&
          (await access.enrolled(caller, milestone.id).then(
            () => true,
            () => false,
          ));
        if (!teammate && !(await access.ownsProject(caller, milestone.projectId))) {
          throw createSubmissionFileNotFoundError();
        }
      }
      return {
        objectKey: objectKeyOf(file.uploadId),
        originalName: file.originalName,
        size: file.fileSize,
        mimeType: file.mimeType,
      };
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
