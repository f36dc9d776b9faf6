import { type AccountStatus, ADMIN_ROLES } from "#shared/account.ts";
import type { Faculty } from "#shared/schemas/auth.ts";
import type { Page } from "#shared/schemas/common.ts";
import type { AdminUsersQuery, ChangeRoleInput } from "#shared/schemas/faculty.ts";
import type { AppConfig } from "../../config.ts";
import type { Caller } from "../../lib/access.ts";
import { createForbiddenError } from "../../lib/errors.ts";
import { appUrl } from "../../platform/mail/links.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { PasswordResetLinks } from "../auth/password-reset.service.ts";
import type { SessionStore } from "../auth/session.store.ts";
import { assertMayManage, ROLE_RANK, sameInstitution } from "../faculty/faculty.policy.ts";
import { toFaculty } from "../faculty/faculty.presenter.ts";
import type { FacultyAccounts, FacultyRow } from "../faculty/faculty.service.ts";
import {
  createAccountNotFoundError,
  createNotApprovedError,
  createSelfChangeError,
} from "./admin-users.errors.ts";

const mails = () => import("./admin-users.mails.tsx");

export function createAdminUsersService(deps: {
  faculty: FacultyAccounts;
  sessions: SessionStore;
  mail: Mailer;
  resetLinks: PasswordResetLinks;
  config: Pick<AppConfig, "publicUrl" | "host" | "port">;
}) {
  const { faculty, sessions, mail, resetLinks, config } = deps;

  /** The target of an admin action, after the rules every action shares. */
  async function target(actor: Caller, id: number): Promise<FacultyRow> {
    const row = await faculty.findById(id);
    if (!row) throw createAccountNotFoundError();
    if (row.id === actor.id) throw createSelfChangeError();
    if (row.role === "super_admin") throw createForbiddenError("The Super Admin account cannot be changed.");
    if (row.role === "admin" && actor.role !== "super_admin") {
      throw createForbiddenError("Only the Super Admin can change an administrator's account.");
    }
    assertMayManage(actor, row);
    return row;
  }

  async function setStatus(actor: Caller, id: number, status: AccountStatus) {
    await target(actor, id);
    const row = await faculty.update(id, { status, reviewedBy: actor.id, reviewedAt: new Date() });
    if (!row) throw createAccountNotFoundError();
    // A rejected account must not keep a session; an approved one gets a fresh cached copy.
    if (status === "approved") await sessions.facultyChanged(id);
    else await sessions.revokeAllFor(id);
    await mail.send(
      status === "approved"
        ? {
            to: row.email,
            facultyId: row.id,
            kind: "account-approved",
            content: async () =>
              (await mails()).accountApprovedMail({ ...row, signInUrl: appUrl(config, "/") }),
          }
        : {
            to: row.email,
            facultyId: row.id,
            kind: "account-not-approved",
            content: async () => (await mails()).accountNotApprovedMail(row),
          },
    );
    return toFaculty(row);
  }

  return {
    /** The super admin sees every account; an admin those of their own institution. */
    /** A page of the accounts in `status` the actor administers, oldest first; `q` finds name or e-mail. */
    async page(actor: Caller, { status, q, limit, offset }: AdminUsersQuery): Promise<Page<Faculty>> {
      // Filtered here, not in SQL: institutionKey lower-cases as JavaScript does, which PostgreSQL's
      // lower() matches only for ASCII under the C locale. An institution's accounts are few enough
      // to read at once; the answer is still one page.
      const needle = q?.toLocaleLowerCase();
      const rows = (await faculty.listByStatus(status)).filter(
        (row) =>
          (actor.role === "super_admin" || sameInstitution(actor.faculty, row)) &&
          (!needle ||
            row.name.toLocaleLowerCase().includes(needle) ||
            row.email.toLocaleLowerCase().includes(needle)),
      );
      return { items: rows.slice(offset, offset + limit).map(toFaculty), total: rows.length };
    },

    approve: (actor: Caller, id: number) => setStatus(actor, id, "approved"),
    reject: (actor: Caller, id: number) => setStatus(actor, id, "rejected"),

    /** A reset link for an approved account, shown once to the administrator; no message is sent. */
    async makeResetLink(actor: Caller, id: number): Promise<{ url: string; expiresAt: string }> {
      const row = await target(actor, id);
      if (row.status !== "approved") throw createNotApprovedError();
      const { url, expiresAt } = await resetLinks.make(row.id, actor.id);
      return { url, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The daily digest: each approved administrator gets one message listing the pending
     * registrations they can act on (an admin: their institution; the super admin: all), and none
     * when there are none.
     */
    async sendPendingDigest(): Promise<void> {
      const pending = await faculty.listByStatus("pending");
      if (pending.length === 0) return;
      const admins = (await faculty.listByStatus("approved")).filter((row) => ADMIN_ROLES.includes(row.role));
      for (const admin of admins) {
        const allInstitutions = admin.role === "super_admin";
        const theirs = pending.filter((row) => allInstitutions || sameInstitution(admin, row));
        if (theirs.length === 0) continue;
        await mail.send({
          to: admin.email,
          facultyId: admin.id,
          kind: "pending-registrations",
          content: async () =>
            (await mails()).pendingRegistrationsMail({
              name: admin.name,
              institution: admin.institution,
              pending: theirs,
              usersUrl: appUrl(config, "/admin/users"),
              allInstitutions,
            }),
        });
      }
    },

    async changeRole(actor: Caller, id: number, { role }: ChangeRoleInput) {
      const current = await target(actor, id);
      if (role === "admin" && actor.role !== "super_admin") {
        throw createForbiddenError("Only the Super Admin can grant the admin role.");
      }
      const row = await faculty.update(id, { role });
      if (!row) throw createAccountNotFoundError();
      // A demotion takes effect at once: the account signs in again with its new role.
      if (ROLE_RANK[role] < ROLE_RANK[current.role]) await sessions.revokeAllFor(id);
      else await sessions.facultyChanged(id);
      return toFaculty(row);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
