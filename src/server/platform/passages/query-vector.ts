import type { FastifyBaseLogger } from "fastify";
import type { ApiKeyStore } from "../../modules/settings/api-keys.ts";
import type { Embedder } from "../ai/embeddings.ts";
import type { PassageIndex } from "./passage-index.ts";

/**
 * A search's query embedding when semantic search is on for this person (this database holds
 * vectors and they have an AI key), else null. The provider failing never fails a search: it
 * logs a warning and full-text alone answers (document search, knowledge search and ask).
 */
export function createQueryVector(deps: {
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  log: FastifyBaseLogger;
  /** Named in the warning ("document search", "knowledge search"). */
  what: string;
}) {
  const { passages, keys, embedder, log, what } = deps;
  return async (facultyId: number, query: string): Promise<number[] | null> => {
    if (!(await passages.hasVectors())) return null;
    const key = await keys.resolveFor(facultyId);
    if (!key) return null;
    try {
      const [vector] = await embedder.embed(key.apiKey, [query]);
      return vector ?? null;
    } catch (error) {
      log.warn({ err: error }, `${what}: the query could not be embedded; full-text only`);
      return null;
    }
  };
}

/** A search's query embedding for one person and query (null without semantic search). */
export type QueryVector = ReturnType<typeof createQueryVector>;
