import { z } from "zod";
import { ACCOUNT_STATUSES, ASSIGNABLE_ROLES, LIMITS } from "../constants.ts";
import { emailSchema, registerSchema } from "./auth.ts";

const optionalText = (label: string, max: number = LIMITS.shortTextMax) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/**
 * PUT /api/faculty/:id: only the profile fields a person owns. Role, status, id and e-mail are
 * refused here (roles through the admin calls, e-mail through its own confirmed call).
 */
export const updateFacultySchema = z
  .strictObject({
    name: optionalText("Name", LIMITS.nameMax),
    title: optionalText("Title"),
    department: optionalText("Department"),
    institution: optionalText("Institution"),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Nothing to update",
  });
export type UpdateFacultyInput = z.infer<typeof updateFacultySchema>;

/** POST /api/faculty: an administrator creates an account directly (approved, instructor). */
export const createFacultySchema = registerSchema.extend({
  role: z.enum(ASSIGNABLE_ROLES, { error: "Role must be instructor, student or admin" }).optional(),
});
export type CreateFacultyInput = z.infer<typeof createFacultySchema>;

export const facultyIdParamsSchema = z.object({
  id: z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id"),
});
export const facultyEmailParamsSchema = z.object({ email: emailSchema });

export const adminUsersQuerySchema = z.object({
  status: z
    .enum(ACCOUNT_STATUSES, { error: "Status must be pending, approved or rejected" })
    .default("pending"),
});
export const changeRoleSchema = z.strictObject({
  role: z.enum(ASSIGNABLE_ROLES, { error: "Role must be instructor, student or admin" }),
});
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;
