// Business constants of the spec, defined once for both sides.

/** spec A §3 / B §6: roles. Registration offers only instructor and student. */
export const ROLES = ["super_admin", "admin", "instructor", "student"] as const;
export type Role = (typeof ROLES)[number];
export const REGISTRATION_ROLES = ["instructor", "student"] as const;
/** Roles an administrator may assign; super_admin is never assigned through the API. */
export const ASSIGNABLE_ROLES = ["instructor", "student", "admin"] as const;
export const ADMIN_ROLES: readonly Role[] = ["admin", "super_admin"];

export const ACCOUNT_STATUSES = ["pending", "approved", "rejected"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** spec B §3: analytics event types, with the labels the analytics screen uses. */
export const EVENT_TYPES = [
  "project_created",
  "project_updated",
  "objective_converted",
  "template_used",
  "collaboration_added",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  project_created: "Project Created",
  project_updated: "Project Updated",
  objective_converted: "Objective Converted",
  template_used: "Template Used",
  collaboration_added: "Student Contribution",
};

/** spec A §9 */
export const STATS_REFRESH_MS = 30_000;
export const TOAST_LIMIT = 1;

/** Field limits shared by forms and routes. */
export const LIMITS = {
  nameMax: 120,
  emailMax: 254,
  passwordMax: 200,
  shortTextMax: 160,
  eventDataMaxBytes: 16_384,
} as const;

export const SESSION_STORAGE_KEYS = { sessionId: "sessionId", faculty: "faculty" } as const;
