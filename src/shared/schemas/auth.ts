import { z } from "zod";
import {
  ACCOUNT_LIMITS,
  ACCOUNT_STATUSES,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_MESSAGES,
  REGISTRATION_ROLES,
  ROLES,
} from "../account.ts";
import { isoDateTime, text } from "./common.ts";

const requiredText = (label: string, max: number = ACCOUNT_LIMITS.shortTextMax) =>
  text(label, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailSchema = text("Email", "Please enter a valid email address")
  .trim()
  .max(ACCOUNT_LIMITS.emailMax, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"))
  .transform((email) => email.toLowerCase());

/** A password being checked (sign-in, confirmations): only non-empty, as spec A §5 says for sign-in. */
export const passwordSchema = (required: string = PASSWORD_MESSAGES.required) =>
  text("Password", required).min(1, required).max(ACCOUNT_LIMITS.passwordMax, PASSWORD_MESSAGES.long);

/** A password being set: at least PASSWORD_MIN_LENGTH characters ("required" when empty, spec A §5). */
export const newPasswordSchema = (short: string = PASSWORD_MESSAGES.short) =>
  text("Password", PASSWORD_MESSAGES.required)
    .min(1, PASSWORD_MESSAGES.required)
    .min(PASSWORD_MIN_LENGTH, short)
    .max(ACCOUNT_LIMITS.passwordMax, PASSWORD_MESSAGES.long);

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema() });
export type LoginInput = z.infer<typeof loginSchema>;

/** spec A §5 registration rules; unknown fields (role=admin, status, ...) are refused. */
export const registerSchema = z.strictObject({
  name: requiredText("Name", ACCOUNT_LIMITS.nameMax),
  email: emailSchema,
  password: newPasswordSchema(),
  title: requiredText("Title"),
  department: requiredText("Department"),
  institution: requiredText("Institution"),
  role: z.enum(REGISTRATION_ROLES, { error: "Role must be instructor or student" }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** An account as every answer carries it (never the password hash). */
export const facultySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  title: z.string(),
  department: z.string(),
  institution: z.string(),
  createdAt: isoDateTime,
});
export type Faculty = z.infer<typeof facultySchema>;

export const dashboardStatsSchema = z.object({
  activeProjects: z.number(),
  studentsEngaged: z.number(),
  completionRate: z.number(),
  avgRating: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** POST /api/auth/login: the only answer that carries a session id (spec A §7). */
export const loginResponseSchema = z.object({ sessionId: z.string(), faculty: facultySchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
/** GET /api/auth/me: the signed-in account and its dashboard figures. */
export const meResponseSchema = z.object({ faculty: facultySchema, stats: dashboardStatsSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
export const messageSchema = z.object({ message: z.string() });

/** POST /api/auth/register: what to tell the person (registration never signs in). */
export const registerResponseSchema = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/auth/password-reset: the address to send a link to. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;
/** 202: the same message for every address. */
export const passwordResetRequestResponseSchema = z.object({ message: z.string() });

/** A reset link's token: 32 random bytes in base64url; anything else is a link that does not work. */
const resetToken = text("Token", PASSWORD_RESET_MESSAGES.invalidLink)
  .min(1, PASSWORD_RESET_MESSAGES.invalidLink)
  .max(200, PASSWORD_RESET_MESSAGES.invalidLink);

/** POST /api/auth/password-reset/confirm: the link's token and the new password (registration's rules). */
export const passwordResetConfirmSchema = z.strictObject({
  token: resetToken,
  password: newPasswordSchema(),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The reset screen's form: the new password (registration's rules) typed twice. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema(),
    confirm: z.string().min(1, PASSWORD_RESET_MESSAGES.confirmRequired),
  })
  .refine((form) => form.password === form.confirm, {
    path: ["confirm"],
    message: PASSWORD_RESET_MESSAGES.mismatch,
  });

/** POST /api/admin/users/:id/password-reset: the link, shown once. */
export const resetLinkResponseSchema = z.object({ url: z.string(), expiresAt: isoDateTime });
export type ResetLinkResponse = z.infer<typeof resetLinkResponseSchema>;
