import { createHash, randomBytes } from "node:crypto";
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MINUTES } from "#shared/account.ts";
import type { PasswordResetConfirmInput } from "#shared/schemas/auth.ts";
import type { AppConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { appUrl } from "../../platform/mail/links.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { FacultyAccounts } from "../faculty/faculty.service.ts";
import type { AfterAnswer } from "./after-answer.ts";
import { createInvalidResetLinkError } from "./auth.errors.ts";
import { assertUncommonPassword } from "./common-passwords.ts";
import { hashPassword } from "./password.ts";
import { createPasswordResetRepository, type PasswordResetRow } from "./password-reset.repository.ts";
import type { SessionStore } from "./session.store.ts";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Reset links (handed out by the context as `resetLinks`): a link by e-mail here, one an
 * administrator makes in Administration → Users. Only the SHA-256 of a token is stored.
 */
export function createPasswordResetLinks(deps: {
  db: Database;
  config: Pick<AppConfig, "publicUrl" | "host" | "port">;
  now: () => Date;
}) {
  const { config, now } = deps;
  const resets = createPasswordResetRepository(deps.db);
  return {
    /** A new link for the account: 32 random bytes, valid PASSWORD_RESET_MINUTES. */
    async make(facultyId: number, createdBy: number | null): Promise<{ url: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + PASSWORD_RESET_MINUTES * 60_000);
      await resets.deleteExpired(createdAt);
      await resets.insert({ tokenHash: hashToken(token), facultyId, createdBy, createdAt, expiresAt });
      return { url: appUrl(config, `/reset-password?token=${token}`), expiresAt };
    },
    /** The link's row, taken once; undefined when unknown, used or expired. */
    async take(token: string): Promise<PasswordResetRow | undefined> {
      const row = await resets.take(hashToken(token));
      return row && row.expiresAt > now() ? row : undefined;
    },
    deleteAllFor: resets.deleteAllFor,
  };
}

export type PasswordResetLinks = ReturnType<typeof createPasswordResetLinks>;

export function createPasswordResetService(deps: {
  accounts: FacultyAccounts;
  links: PasswordResetLinks;
  sessions: SessionStore;
  mail: Mailer;
  afterAnswer: AfterAnswer;
}) {
  const { accounts, links, sessions, mail, afterAnswer } = deps;
  return {
    /**
     * Answers the same, as fast, for every address: the account is looked up, and the link made
     * and mailed after the answer, only for an approved account.
     */
    async request(email: string): Promise<{ message: string }> {
      const account = await accounts.findByEmail(email);
      afterAnswer.run("a password-reset message", async () => {
        if (account?.status !== "approved") return;
        const { url } = await links.make(account.id, null);
        await mail.send({
          to: account.email,
          facultyId: account.id,
          kind: "password-reset",
          content: async () => (await import("./auth.mails.tsx")).passwordResetMail({ ...account, url }),
        });
      });
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },

    /**
     * A common password is refused before the link is taken (the link still works); then the link
     * is taken once, the password set, the account's other links deleted and every session ended.
     */
    async confirm({ token, password }: PasswordResetConfirmInput): Promise<void> {
      await assertUncommonPassword(password);
      const passwordHash = await hashPassword(password);
      const reset = await links.take(token);
      if (!reset) throw createInvalidResetLinkError();
      const updated = await accounts.update(reset.facultyId, { passwordHash });
      if (!updated) throw createInvalidResetLinkError();
      await links.deleteAllFor(reset.facultyId);
      await sessions.revokeAllFor(reset.facultyId);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
