import { REGISTRATION_MESSAGES } from "#shared/account.ts";
import type { LoginInput, RegisterInput } from "#shared/schemas/auth.ts";
import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  SETTINGS_MESSAGES,
} from "#shared/schemas/settings.ts";
import { SSO_MESSAGES } from "#shared/sso.ts";
import type { Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { DashboardService } from "../dashboard/dashboard.service.ts";
import { toFaculty } from "../faculty/faculty.presenter.ts";
import type { FacultyAccounts } from "../faculty/faculty.service.ts";
import type { SignInRules } from "../identity-providers/identity-providers.service.ts";
import type { AfterAnswer } from "./after-answer.ts";
import {
  createAccountPendingError,
  createAccountRejectedError,
  createEmailTakenError,
  createInvalidCredentialsError,
  createPasswordSignInOffError,
  createSameEmailError,
  createWrongPasswordError,
} from "./auth.errors.ts";
import { assertUncommonPassword } from "./common-passwords.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.ts";
import type { SessionStore } from "./session.store.ts";

export function createAuthService(deps: {
  faculty: FacultyAccounts;
  sessions: SessionStore;
  dashboard: DashboardService;
  signInRules: SignInRules;
  mail: Mailer;
  afterAnswer: AfterAnswer;
}) {
  const { faculty, sessions, dashboard, signInRules, mail, afterAnswer } = deps;
  return {
    /**
     * spec A §2: registration never signs in. The first account ever becomes the super_admin.
     * An e-mail that already has an account gets the answer a new registration gets and changes
     * nothing, so registration tells no one which e-mails have accounts; the owner still signs
     * in as before. A new (non-first) account gets "We received your registration", written
     * after the answer so that it takes no longer than the answer to a known e-mail.
     */
    async register(input: RegisterInput): Promise<{ message: string; firstAccount: boolean }> {
      const { password, ...profile } = input;
      await assertUncommonPassword(password);
      const asIfNew = { message: REGISTRATION_MESSAGES.pending, firstAccount: false };
      // Hashed whether or not the account exists: both answers take the same time.
      const passwordHash = await hashPassword(password);
      if (await faculty.findByEmail(input.email)) return asIfNew;
      try {
        const row = await faculty.insertFirstOrPending({ ...profile, passwordHash, status: "pending" });
        const firstAccount = row.role === "super_admin";
        if (!firstAccount) {
          afterAnswer.run("a registration message", () =>
            mail.send({
              to: row.email,
              facultyId: row.id,
              kind: "registration-received",
              content: async () => (await import("./auth.mails.tsx")).registrationReceivedMail(row),
            }),
          );
        }
        return firstAccount ? { message: REGISTRATION_MESSAGES.firstAccount, firstAccount } : asIfNew;
      } catch (error) {
        if (isUniqueViolation(error)) return asIfNew;
        throw error;
      }
    },

    /**
     * One message for an unknown e-mail and a wrong password; a new session id every time. An
     * institution that switched password sign-in off sends its members (but the super admin, who
     * must always get in) to its own sign-in, once the password is right.
     */
    async login(input: LoginInput, userAgent: string | undefined) {
      const row = await faculty.findByEmail(input.email);
      const valid = row
        ? await verifyPassword(row.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!row || !valid) throw createInvalidCredentialsError();
      if (row.status === "pending") throw createAccountPendingError();
      if (row.status === "rejected") throw createAccountRejectedError();
      if (row.role !== "super_admin" && (await signInRules.passwordSignInOffFor(row.institution))) {
        throw createPasswordSignInOffError(SSO_MESSAGES.passwordSignInOff(row.institution));
      }
      const sessionId = await sessions.create(row.id, userAgent);
      return { sessionId, faculty: toFaculty(row) };
    },

    /** The caller's account comes from the session check; no second lookup. */
    async me(caller: Caller) {
      return { faculty: caller.faculty, stats: await dashboard.statsFor(caller.id) };
    },

    logout: (idHash: string) => sessions.revoke(idHash),

    /** Needs the current password; every other session of the account ends (this one stays). */
    /** The person's IANA time zone (from their browser): their daily digests follow it. */
    async setTimeZone(caller: Caller, timeZone: string): Promise<void> {
      await faculty.update(caller.id, { timeZone });
    },

    async changePassword(caller: Caller, keepSession: string, input: ChangePasswordInput) {
      const row = await faculty.findById(caller.id);
      if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw createWrongPasswordError(SETTINGS_MESSAGES.currentPasswordWrong);
      }
      await assertUncommonPassword(input.newPassword);
      await faculty.update(caller.id, { passwordHash: await hashPassword(input.newPassword) });
      await sessions.revokeAllExcept(caller.id, keepSession);
    },

    /**
     * Needs the password; the new address must be free. Every other session of the account ends,
     * as after a password change (this one stays, with its cached account refreshed).
     */
    async changeEmail(caller: Caller, keepSession: string, input: ChangeEmailInput) {
      const row = await faculty.findById(caller.id);
      if (!row || !(await verifyPassword(row.passwordHash, input.password))) throw createWrongPasswordError();
      if (input.newEmail === row.email) throw createSameEmailError();
      if (await faculty.findByEmail(input.newEmail)) throw createEmailTakenError();
      try {
        const updated = await faculty.update(caller.id, { email: input.newEmail });
        await sessions.revokeAllExcept(caller.id, keepSession);
        await sessions.facultyChanged(caller.id);
        return { faculty: toFaculty(updated ?? row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw createEmailTakenError();
        throw error;
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
