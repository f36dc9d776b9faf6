import type { LtiGradeSend } from "#shared/schemas/lti.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import type { ProjectMastery } from "../student-practice/student-practice.service.ts";
import { createNoGradesError } from "./lti.errors.ts";
import type { LtiProjectLinkRow } from "./lti.table.ts";
import { PlatformCallError, platformFetch } from "./lti-http.ts";
import type { LtiLinksRepository } from "./lti-links.repository.ts";
import type { LtiServicesRepository } from "./lti-services.repository.ts";
import { LTI_SCOPES, type ServiceTokens, withServiceToken } from "./service-token.ts";

const SCORE_MEDIA_TYPE = "application/vnd.ims.lis.v1.score+json";
/** Scores posted at once to one line item: a class is sent in seconds, and the LMS is not flooded. */
const PARALLEL_SCORES = 4;

/** A line item's scores address (AGS 2.0 §3.4: the line item's URL with "/scores" added to its path). */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/scores`;
  return url.toString();
}

/** Runs `work` on each of `items`, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const detailOf = (error: unknown) =>
  error instanceof PlatformCallError ? error.message : error instanceof Error ? error.message : String(error);

/**
 * Grades (LTI Advantage AGS 2.0): each enrolled student's mastery of the project, 0 to 100, posted
 * as a score to each linked line item for the students the LMS knows (an LMS identity on that
 * platform). Each attempt is kept (lti_score_send); one student's failure never stops the others.
 */
export function createGradeSync(deps: {
  links: LtiLinksRepository;
  services: LtiServicesRepository;
  tokens: ServiceTokens;
  enrolments: LmsEnrolments;
  mastery: Pick<ProjectMastery, "ofStudent">;
  now: () => Date;
}) {
  const { links, services, tokens, enrolments, mastery, now } = deps;

  return {
    /**
     * Posts the project's scores. With `changedOnly` (the daily job), a score the LMS already took
     * unchanged is not posted again; the instructor's "Send grades" posts every one.
     */
    async send(projectId: number, { changedOnly = false } = {}): Promise<LtiGradeSend> {
      const projectLinks = (await links.ofProject(projectId)).filter(({ link }) => link.lineItemUrl);
      if (projectLinks.length === 0) throw createNoGradesError();
      const students = await enrolments.roster(projectId);
      const taken = new Set(
        changedOnly
          ? (await services.scoreSends(projectLinks.map(({ link }) => link.id)))
              .filter((send) => send.status === "sent")
              .map((send) => `${send.linkId} ${send.studentId} ${send.score}`)
          : [],
      );
      const scores = new Map<number, Promise<number>>();
      /** The student's score, worked out once for every link. */
      const scoreOf = (studentId: number) => {
        let score = scores.get(studentId);
        if (!score) {
          score = mastery.ofStudent(studentId, projectId).then((level) => Math.round(level * 100));
          scores.set(studentId, score);
        }
        return score;
      };

      const answer: LtiGradeSend = { sent: 0, failed: [], skipped: 0 };
      for (const { link, platform } of projectLinks) {
        const subjects = await services.subjectsOf(
          platform.id,
          students.map((student) => student.studentId),
        );
        const known = students.filter((student) => subjects.has(student.studentId));
        answer.skipped += students.length - known.length;
        if (known.length === 0) continue;
        // One token for the link's scores; when the platform does not give one, every score fails
        // with why, without asking again for each student.
        let tokenError: unknown = null;
        try {
          await tokens.token(platform, [LTI_SCOPES.score]);
        } catch (error) {
          tokenError = error;
        }
        await eachAtMost(known, PARALLEL_SCORES, async (student) => {
          const score = await scoreOf(student.studentId);
          if (taken.has(`${link.id} ${student.studentId} ${score}`)) return;
          const attemptedAt = now();
          try {
            if (tokenError) throw tokenError;
            const body = {
              userId: subjects.get(student.studentId) ?? "",
              scoreGiven: score,
              scoreMaximum: 100,
              timestamp: attemptedAt.toISOString(),
              activityProgress: score >= 100 ? "Completed" : "InProgress",
              gradingProgress: "FullyGraded",
            };
            await withServiceToken(tokens, platform, [LTI_SCOPES.score], (token) =>
              postScore(link, token, body),
            );
          } catch (error) {
            const detail = detailOf(error);
            await services.recordScore({
              linkId: link.id,
              studentId: student.studentId,
              score,
              status: "failed",
              detail,
              attemptedAt,
            });
            answer.failed.push({ name: student.name, detail });
            return;
          }
          await services.recordScore({
            linkId: link.id,
            studentId: student.studentId,
            score,
            status: "sent",
            detail: null,
            attemptedAt,
          });
          answer.sent += 1;
        });
      }
      return answer;
    },
  };
}

/** POSTs one score to the link's line item (AGS 2.0 §3.4, the score publish service). */
async function postScore(
  link: LtiProjectLinkRow,
  token: string,
  score: Record<string, unknown>,
): Promise<void> {
  await platformFetch(scoresUrl(link.lineItemUrl ?? ""), {
    method: "POST",
    headers: { "content-type": SCORE_MEDIA_TYPE, authorization: `Bearer ${token}` },
    body: JSON.stringify(score),
  });
}

export type GradeSync = ReturnType<typeof createGradeSync>;
