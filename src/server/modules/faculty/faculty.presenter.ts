import type { Faculty } from "#shared/schemas/auth.ts";
import type { FacultyRow } from "./faculty.table.ts";

/** The only shape a faculty record leaves the server in: never the password hash. */
export function toFaculty(row: FacultyRow): Faculty {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    title: row.title,
    department: row.department,
    institution: row.institution,
    createdAt: row.createdAt.toISOString(),
  };
}
