import LinkHeader from "http-link-header";
import { LTI_SERVICE_MESSAGES, type LtiRosterSync } from "#shared/schemas/lti.ts";
import type { LmsEnrolments } from "../enrolment/enrolment.service.ts";
import { createNoRosterError, createRosterUnreadableError } from "./lti.errors.ts";
import type { LtiPlatformRow, LtiProjectLinkRow } from "./lti.table.ts";
import { type LtiAccounts, roleFromLti } from "./lti-accounts.ts";
import { PlatformCallError, platformFetch } from "./lti-http.ts";
import type { LtiLinksRepository } from "./lti-links.repository.ts";
import { LtiRefusal, type LtiRefusalReason } from "./lti-refusals.ts";
import { LTI_SCOPES, type ServiceTokens, withServiceToken } from "./service-token.ts";

const MEMBERSHIP_MEDIA_TYPE = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json";
/**
 * At most this many pages of one course's membership: a roster read only in part would end the
 * enrolments of everyone on the pages not read, so a longer one is refused as a whole.
 */
export const MAX_MEMBERSHIP_PAGES = 100;

/** A member of an NRPS membership container (v2), as far as the sync reads it. */
interface NrpsMember {
  user_id?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
  roles?: unknown;
  status?: unknown;
}

/** Why a learner of the course was not enrolled, as the project's owner reads it (accountFor's refusals). */
const REFUSED: Partial<Record<LtiRefusalReason, string>> = {
  noEmail: "The LMS did not share their e-mail address.",
  otherInstitution: "Their e-mail address belongs to an account of another institution.",
  administrator: "Their account is an administrator's.",
  notApproved: "Their account is not approved.",
};
const NOT_MATCHED = "Their LMS account could not be matched to one here.";
const NOT_STUDENT = "Their account is an instructor's, not a student's.";
const REMOVED_BY_OWNER = "You removed them from the roster; re-admit them to enrol them again.";

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A learner of a course: their LMS subject, name and e-mail. */
interface Learner {
  subject: string;
  name: string;
  email: string | null;
}

/** The course's active learners (Instructor wins over Learner, as on launch); inactive members are not in it. */
function learnersOf(members: readonly NrpsMember[]): Learner[] {
  const learners: Learner[] = [];
  for (const member of members) {
    const subject = text(member.user_id);
    const roles = Array.isArray(member.roles) ? member.roles.filter((role) => typeof role === "string") : [];
    const status = text(member.status) || "Active";
    if (!subject || status !== "Active" || roleFromLti(roles) !== "student") continue;
    const email = text(member.email) || null;
    const name =
      text(member.name) ||
      [text(member.given_name), text(member.family_name)].filter(Boolean).join(" ") ||
      email ||
      subject;
    learners.push({ subject, name, email });
  }
  return learners;
}

/**
 * Roster sync (LTI Advantage NRPS 2.0): each linked course's active learners get an account
 * (lti-accounts.ts) and an "lms" enrolment in the project; "lms" enrolments of students no longer a
 * learner of any of the project's courses end. Every membership is read in full before anything
 * changes: a service that refuses or does not answer changes nothing.
 */
export function createRosterSync(deps: {
  links: LtiLinksRepository;
  tokens: ServiceTokens;
  accounts: LtiAccounts;
  enrolments: LmsEnrolments;
  now: () => Date;
}) {
  const { links, tokens, accounts, enrolments, now } = deps;

  /** Every page of the course's membership, following `Link: <…>; rel="next"` on the same origin. */
  async function readMembership(platform: LtiPlatformRow, membershipsUrl: string): Promise<NrpsMember[]> {
    return withServiceToken(tokens, platform, [LTI_SCOPES.memberships], (token) =>
      readPages(membershipsUrl, token),
    );
  }

  /** The next page's address from a `Link` header, on the membership's own origin; null on the last page. */
  function nextPage(link: string | null, current: string, origin: string): string | null {
    if (!link) return null;
    let next: URL | null;
    try {
      const target = LinkHeader.parse(link).rel("next")[0]?.uri;
      next = target ? new URL(target, current) : null;
    } catch {
      throw new PlatformCallError(null, "the LMS answered a Link header that could not be read");
    }
    if (next && next.origin !== origin) {
      throw new PlatformCallError(null, "the membership's next page is on another site");
    }
    return next?.toString() ?? null;
  }

  async function readPages(membershipsUrl: string, token: string): Promise<NrpsMember[]> {
    if (!URL.canParse(membershipsUrl)) {
      throw new PlatformCallError(null, "the course's membership address is not a URL");
    }
    const origin = new URL(membershipsUrl).origin;
    const members: NrpsMember[] = [];
    let next: string | null = membershipsUrl;
    for (let page = 0; next; page += 1) {
      if (page >= MAX_MEMBERSHIP_PAGES) {
        throw new PlatformCallError(null, `the membership has more than ${MAX_MEMBERSHIP_PAGES} pages`);
      }
      const response = await platformFetch(next, {
        headers: { accept: MEMBERSHIP_MEDIA_TYPE, authorization: `Bearer ${token}` },
      });
      const container = (await response.json().catch(() => null)) as { members?: unknown } | null;
      if (!container || !Array.isArray(container.members)) {
        throw new PlatformCallError(response.status, "the LMS answered a page that is not a membership");
      }
      members.push(...(container.members as NrpsMember[]));
      next = nextPage(response.headers.get("link"), next, origin);
    }
    return members;
  }

  async function readCourses(projectLinks: Array<{ link: LtiProjectLinkRow; platform: LtiPlatformRow }>) {
    try {
      return await Promise.all(
        projectLinks.map(async ({ link, platform }) => ({
          link,
          platform,
          learners: learnersOf(await readMembership(platform, link.membershipsUrl ?? "")),
        })),
      );
    } catch (error) {
      if (error instanceof PlatformCallError) {
        throw createRosterUnreadableError(`${LTI_SERVICE_MESSAGES.rosterUnreadable}${error.message}`);
      }
      throw error;
    }
  }

  return {
    async sync(projectId: number): Promise<LtiRosterSync> {
      const projectLinks = (await links.ofProject(projectId)).filter(({ link }) => link.membershipsUrl);
      if (projectLinks.length === 0) throw createNoRosterError();
      const courses = await readCourses(projectLinks);

      const keep = new Set<number>();
      const skipped: LtiRosterSync["skipped"] = [];
      const seen = new Set<string>();
      let added = 0;
      for (const { platform, learners } of courses) {
        for (const learner of learners) {
          // The same learner in two of the project's courses (two links of one course): once.
          const key = `${platform.id} ${learner.subject}`;
          if (seen.has(key)) continue;
          seen.add(key);
          let account: Awaited<ReturnType<LtiAccounts["accountFor"]>>;
          try {
            account = await accounts.accountFor(platform, { ...learner, role: "student" });
          } catch (error) {
            if (!(error instanceof LtiRefusal)) throw error;
            skipped.push({ name: learner.name, reason: REFUSED[error.reason] ?? NOT_MATCHED });
            continue;
          }
          if (account.role !== "student") {
            skipped.push({ name: account.name, reason: NOT_STUDENT });
            continue;
          }
          keep.add(account.id);
          if (await enrolments.isBarred(projectId, account.id)) {
            skipped.push({ name: account.name, reason: REMOVED_BY_OWNER });
            continue;
          }
          if (await enrolments.enrolFromLms(projectId, account.id)) added += 1;
        }
      }
      const removed = await enrolments.removeLmsExcept(projectId, [...keep]);
      const at = now();
      await links.markRosterSynced(
        courses.map(({ link }) => link.id),
        at,
      );
      return { added, removed: removed.length, skipped, syncedAt: at.toISOString() };
    },
  };
}

export type RosterSync = ReturnType<typeof createRosterSync>;
