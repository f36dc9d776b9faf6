import type { AccountStatus, Role } from "#shared/account.ts";

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Admin",
  admin: "Admin",
  instructor: "Instructor",
  student: "Student",
};

export const STATUS_TABS: readonly { status: AccountStatus; label: string; empty: string }[] = [
  { status: "pending", label: "Pending", empty: "No pending registrations." },
  { status: "approved", label: "Approved", empty: "No approved accounts." },
  { status: "rejected", label: "Rejected", empty: "No rejected accounts." },
];
