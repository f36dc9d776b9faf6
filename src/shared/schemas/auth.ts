import { z } from "zod";
import { ACCOUNT_STATUSES, LIMITS, REGISTRATION_ROLES, ROLES } from "../constants.ts";

const requiredText = (message: string, max: number = LIMITS.shortTextMax) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const emailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(LIMITS.emailMax, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"))
  .transform((email) => email.toLowerCase());

/** spec A §5: only non-empty is enforced on sign-in. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LIMITS.passwordMax, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** spec A §5 registration rules; unknown fields (role=admin, status, ...) are refused. */
export const registerSchema = z.strictObject({
  name: requiredText("Name is required", LIMITS.nameMax),
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LIMITS.passwordMax, "Password is too long"),
  title: requiredText("Title is required"),
  department: requiredText("Department is required"),
  institution: requiredText("Institution is required"),
  role: z.enum(REGISTRATION_ROLES, { error: "Role must be instructor or student" }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const facultySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  title: z.string(),
  department: z.string(),
  institution: z.string(),
  createdAt: z.string(),
});
export type Faculty = z.infer<typeof facultySchema>;

export const dashboardStatsSchema = z.object({
  activeProjects: z.number(),
  studentsEngaged: z.number(),
  completionRate: z.number(),
  avgRating: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const loginResponseSchema = z.object({ sessionId: z.string(), faculty: facultySchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const meResponseSchema = z.object({ faculty: facultySchema, stats: dashboardStatsSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
export const messageSchema = z.object({ message: z.string() });

export const REGISTRATION_MESSAGES = {
  pending: "Registration successful! Please wait for admin approval.",
  firstAccount: "Registration successful! As the first account you are the Super Admin and can sign in now.",
} as const;

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid email or password.",
  pending: "Your account is awaiting administrator approval. You can sign in once it is approved.",
  rejected: "Your account registration was not approved. Please contact your administrator.",
  emailTaken: "An account with this email already exists.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  unauthenticated: "Please sign in to continue.",
  forbidden: "You do not have permission to do this.",
} as const;
