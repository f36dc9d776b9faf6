import type { SQL } from "drizzle-orm";
import type { Role } from "#shared/account.ts";
import { institutionKey } from "#shared/domain/integrations.ts";
import { type Caller, isAdminRole } from "./access.ts";

/** Who is asking, as a policy sees them: the account, its role and its institution's key. */
export interface Viewer {
  id: number;
  role: Role;
  /** The institution's key (lower case, spaces folded; see institutionKey). */
  institution: string;
  isAdmin: boolean;
}

export const viewerOf = (caller: Caller): Viewer => ({
  id: caller.id,
  role: caller.role,
  institution: institutionKey(caller.faculty.institution),
  isAdmin: isAdminRole(caller.role),
});

/**
 * A resource's policy (`modules/<resource>/<resource>.policy.ts`): which records a viewer may
 * read and which they may change, as SQL conditions the repository adds to its queries. A record
 * a viewer may not read is never loaded, so "not yours" and "not there" answer the same 404 and
 * no service can forget the check. `undefined` means no restriction (drizzle's `and` skips it).
 */
export interface RecordPolicy {
  readable(viewer: Viewer): SQL | undefined;
  writable(viewer: Viewer): SQL | undefined;
}
