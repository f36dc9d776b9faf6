import { and, eq, or } from "drizzle-orm";
import type { RecordPolicy, Viewer } from "../../lib/policy.ts";
import { integrationConnectionTable as connection } from "./integrations.table.ts";

const own = (viewer: Viewer) =>
  and(eq(connection.isAdminManaged, false), eq(connection.facultyId, viewer.id));
const institutions = (viewer: Viewer) =>
  and(eq(connection.isAdminManaged, true), eq(connection.institution, viewer.institution));

/**
 * Integration connections (spec B §6): a personal connection is its owner's; an admin connection
 * is shared by the whole institution (its members read it; its administrators change it). An
 * instructor connects an enterprise integration only once their institution has it.
 */
export const integrationPolicy = {
  readable: (viewer: Viewer) => or(own(viewer), institutions(viewer)),
  writable: (viewer: Viewer) => (viewer.isAdmin ? or(own(viewer), institutions(viewer)) : own(viewer)),
  /** The connections a viewer owns, and those their institution shares. */
  own,
  institutions,

  /** `writable` for a connection already read (so that a member hears why with a 403). */
  mayChange: (viewer: Viewer, row: { isAdminManaged: boolean }) => !row.isAdminManaged || viewer.isAdmin,
  mayShare: (viewer: Viewer) => viewer.isAdmin,
  /** An enterprise integration needs an admin connection first, except for administrators. */
  needsSharedFirst: (viewer: Viewer, integration: { enterprise: boolean }) =>
    integration.enterprise && !viewer.isAdmin,
} satisfies RecordPolicy & Record<string, unknown>;
