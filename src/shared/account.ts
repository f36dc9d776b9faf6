// Accounts and sessions: roles, statuses, field limits, the session's storage keys and the texts of
// sign-in and registration, defined once for both sides. No zod here: the sign-in page shows these
// texts before it loads any schema (docs/decisions/0024-signed-out-page-under-100-kb.md).

/** spec A §3 / B §6: roles. Registration offers only instructor and student. */
export const ROLES = ["super_admin", "admin", "instructor", "student"] as const;
export type Role = (typeof ROLES)[number];
export const REGISTRATION_ROLES = ["instructor", "student"] as const;
/** Roles an administrator may assign; super_admin is never assigned through the API. */
export const ASSIGNABLE_ROLES = ["instructor", "student", "admin"] as const;
export const ADMIN_ROLES: readonly Role[] = ["admin", "super_admin"];

export const ACCOUNT_STATUSES = ["pending", "approved", "rejected"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Limits of the account fields, shared by forms and routes. */
export const ACCOUNT_LIMITS = {
  nameMax: 120,
  emailMax: 254,
  passwordMax: 200,
  shortTextMax: 160,
} as const;

/** spec A §3/§4: the session id and the faculty record live in local storage under these names. */
export const SESSION_STORAGE_KEYS = { sessionId: "sessionId", faculty: "faculty" } as const;

/** Every password that is set (registration, password change): the same rule. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGES = {
  required: "Password is required",
  short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  long: "Password is too long",
  /** Refused on the server, against a list of the most common passwords shipped with the code. */
  common: "This password is one of the most common passwords. Please choose one that is harder to guess.",
} as const;

export const REGISTRATION_MESSAGES = {
  pending: "Registration successful! Please wait for admin approval.",
  firstAccount: "Registration successful! As the first account you are the Super Admin and can sign in now.",
} as const;

/** Password reset (a link by e-mail, or made by an administrator): valid this long, used once. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to a request, whether or not the address has an account. */
  requested: "If an account exists for that address, we sent a link",
  invalidLink: "This reset link has expired or was already used. Ask for a new one.",
  /** The sign-in screen after a successful reset. */
  changed: "Your password was changed. Sign in with your new password.",
  notApproved: "Only an approved account can get a reset link.",
  mismatch: "The passwords do not match",
  confirmRequired: "Please type the new password again",
} as const;

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid email or password.",
  pending: "Your account is awaiting administrator approval. You can sign in once it is approved.",
  rejected: "Your account registration was not approved. Please contact your administrator.",
  emailTaken: "An account with this email already exists.",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  unauthenticated: "Please sign in to continue.",
  forbidden: "You do not have permission to do this.",
  studentsOnly: "This part of Pivot & Launch is for students.",
  studentForbidden:
    "This part of Pivot & Launch is for instructors. Students take part through the contribution link their instructor shares.",
} as const;
