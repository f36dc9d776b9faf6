import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_STATUSES, ASSIGNABLE_ROLES } from "../account.ts";
import { emailSchema, registerSchema } from "./auth.ts";
import { idParams, pageQuery, searchText, text } from "./common.ts";

const optionalText = (label: string, max: number = ACCOUNT_LIMITS.shortTextMax) =>
  text(label)
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/**
 * PUT /api/faculty/:id: the profile fields. Role, status, id and e-mail are refused here (roles
 * through the admin calls, e-mail through its own confirmed call). The institution is a tenant
 * boundary: after approval only an administrator changes it (the service checks who may).
 */
export const updateFacultySchema = z
  .strictObject({
    name: optionalText("Name", ACCOUNT_LIMITS.nameMax),
    title: optionalText("Title"),
    department: optionalText("Department"),
    institution: optionalText("Institution"),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Nothing to update",
  });
export type UpdateFacultyInput = z.infer<typeof updateFacultySchema>;

/**
 * Settings → Profile Details: what a person corrects on their own account, with the registration
 * messages (spec A §5); sent to PUT /api/faculty/:id. The institution is not here: it changes only
 * through an administrator.
 */
export const profileDetailsSchema = registerSchema.pick({ name: true, title: true, department: true });
export type ProfileDetailsInput = z.infer<typeof profileDetailsSchema>;

/** POST /api/faculty: an administrator creates an account directly (approved, instructor). */
export const createFacultySchema = registerSchema.extend({
  role: z.enum(ASSIGNABLE_ROLES, { error: "Role must be instructor, student or admin" }).optional(),
});
export type CreateFacultyInput = z.infer<typeof createFacultySchema>;

export const facultyIdParamsSchema = idParams("id", "id");
export const facultyEmailParamsSchema = z.object({ email: emailSchema });

export const adminUsersQuerySchema = z.object({
  status: z
    .enum(ACCOUNT_STATUSES, { error: "Status must be pending, approved or rejected" })
    .default("pending"),
  q: searchText(200, "Search must be at most 200 characters").optional(),
  ...pageQuery,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export const changeRoleSchema = z.strictObject({
  role: z.enum(ASSIGNABLE_ROLES, { error: "Role must be instructor, student or admin" }),
});
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;
