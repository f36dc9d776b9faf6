import { institutionKey } from "#shared/domain/integrations.ts";
import type { KnowledgeScope } from "#shared/schemas/knowledge-base.ts";
import type { Caller } from "../../lib/access.ts";
import { viewerOf } from "../../lib/policy.ts";
import type { PassageScope } from "../../platform/passages/passage-scope.ts";
import type { EntryFilters, KnowledgeRepository } from "./knowledge-base.repository.ts";

/** Candidates each ranking contributes to the fusion (as document search). */
export const CANDIDATES = 200;

/**
 * Whose entries a scope reads: one's own, or the shared entries (isPrivate false) of the other
 * accounts of one's institution, never one's own.
 */
export async function scopeOf(
  knowledge: KnowledgeRepository,
  caller: Caller,
  scope: KnowledgeScope,
  filters: EntryFilters,
) {
  const shared = scope === "institution";
  const owners = shared ? await knowledge.colleagues(viewerOf(caller), institutionKey) : [caller.id];
  const passageScope: PassageScope = {
    kind: "knowledge",
    owners,
    sources: knowledge.sources(shared, filters),
  };
  return { shared, owners, passageScope };
}
