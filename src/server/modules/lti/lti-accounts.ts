import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import type { FacultyAccounts, FacultyRow } from "../faculty/faculty.service.ts";
import { type LtiPlatformRow, ltiIdentityTable } from "./lti.table.ts";
import { LtiRefusal } from "./lti-refusals.ts";

/** A person as an LMS describes them (an id_token, or a member of a course's roster). */
export interface LtiPerson {
  subject: string;
  name: string;
  email: string | null;
  role: "instructor" | "student";
}

const INSTRUCTOR_ROLES = [
  "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant",
];
const LEARNER_ROLES = ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"];
/** Short context roles (LTI 1.3 allows "Instructor", "Learner", "TeachingAssistant"). */
const SHORT = { instructor: ["Instructor", "TeachingAssistant"], learner: ["Learner"] };

/** Instructor and teaching assistant → instructor, learner → student; the instructor role wins. */
export function roleFromLti(roles: readonly string[]): LtiPerson["role"] | null {
  const has = (full: string[], short: string[]) =>
    roles.some((role) => full.includes(role) || short.includes(role));
  if (has(INSTRUCTOR_ROLES, SHORT.instructor)) return "instructor";
  if (has(LEARNER_ROLES, SHORT.learner)) return "student";
  return null;
}

const sameInstitution = (left: string, right: string) =>
  left.trim().toLowerCase() === right.trim().toLowerCase();

/**
 * The accounts of an LMS's people (docs/decisions/0060-lms-bridge.md): the account linked to the
 * person, else the account with their e-mail in the platform's institution (linked then), else a
 * new approved account of the platform's institution (the LMS vouches for its people, and the super
 * admin registered the LMS). An administrator's account is never reached from an LMS.
 */
export function createLtiAccounts(deps: {
  db: Database;
  accounts: FacultyAccounts;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, accounts, now, log } = deps;

  async function linked(platformId: string, subject: string) {
    const [row] = await db
      .select({ facultyId: ltiIdentityTable.facultyId })
      .from(ltiIdentityTable)
      .where(and(eq(ltiIdentityTable.platformId, platformId), eq(ltiIdentityTable.subject, subject)));
    return row ? accounts.findById(row.facultyId) : undefined;
  }

  async function link(platformId: string, subject: string, facultyId: number) {
    await db.insert(ltiIdentityTable).values({ platformId, subject, facultyId }).onConflictDoNothing();
  }

  function usable(account: FacultyRow): FacultyRow {
    if (account.role === "admin" || account.role === "super_admin") {
      throw new LtiRefusal("administrator", `account ${account.id} is an administrator`);
    }
    if (account.status !== "approved") throw new LtiRefusal("notApproved", `account ${account.id}`);
    return account;
  }

  async function accountFor(platform: LtiPlatformRow, person: LtiPerson): Promise<FacultyRow> {
    const known = await linked(platform.id, person.subject);
    if (known) return usable(known);
    const email = person.email?.trim().toLowerCase();
    if (!email) throw new LtiRefusal("noEmail", `subject ${person.subject}`);
    const existing = await accounts.findByEmail(email);
    if (existing) {
      if (!sameInstitution(existing.institution, platform.institution)) {
        throw new LtiRefusal("otherInstitution", `account ${existing.id}`);
      }
      usable(existing);
      await link(platform.id, person.subject, existing.id);
      return existing;
    }
    let account: FacultyRow;
    try {
      account = await accounts.insert({
        name: person.name.trim() || email,
        email,
        passwordHash: null,
        role: person.role,
        status: "approved",
        title: "",
        department: "",
        institution: platform.institution,
        reviewedAt: now(),
      });
    } catch (error) {
      // The same person arrived twice at once (a launch and a roster sync): the other made it.
      if (isUniqueViolation(error)) return accountFor(platform, person);
      throw error;
    }
    await link(platform.id, person.subject, account.id);
    log.info({ platformId: platform.id, facultyId: account.id, role: person.role }, "account made by an LMS");
    return account;
  }

  return { accountFor };
}

export type LtiAccounts = ReturnType<typeof createLtiAccounts>;
