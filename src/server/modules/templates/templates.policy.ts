import { and, eq, or } from "drizzle-orm";
import type { TemplateStatus } from "#shared/constants.ts";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { templateTable } from "./templates.table.ts";

/**
 * The template library (spec A §4, §7): approved templates are everyone's; an author also sees
 * their own pending and rejected ones and may change them while pending; administrators see and
 * change every template, feature them, and their templates are approved when created.
 */
export const templatePolicy = {
  readable: (viewer: Viewer) =>
    viewer.isAdmin
      ? undefined
      : or(eq(templateTable.status, "approved"), eq(templateTable.authorId, viewer.id)),

  writable: (viewer: Viewer) =>
    viewer.isAdmin
      ? undefined
      : and(eq(templateTable.authorId, viewer.id), eq(templateTable.status, "pending")),

  /**
   * `writable` for a template already read (to say why with a 403 rather than a 404); the policy
   * test checks that the two agree on every kind of template and viewer.
   */
  mayChange: (viewer: Viewer, template: { authorId: number | null; status: TemplateStatus }) =>
    viewer.isAdmin || (template.authorId === viewer.id && template.status === "pending"),

  mayFeature: (viewer: Viewer) => viewer.isAdmin,
  mayListPending: (viewer: Viewer) => viewer.isAdmin,
  statusOfNew: (viewer: Viewer): TemplateStatus => (viewer.isAdmin ? "approved" : "pending"),
} satisfies RecordPolicy & Record<string, unknown>;
