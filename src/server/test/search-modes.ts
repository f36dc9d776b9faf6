import { createPassageIndex } from "../platform/passages/passage-index.ts";
import { fastJobs } from "./knowledge.ts";
import { type OpenAiStub, startOpenAiStub, stubOpenAiConfig } from "./openai-stub.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// The two ways a search runs: with an embedding provider (the OpenAI-compatible stub, whose
// embedding is a hashed bag of words: texts without a common word are at similarity 0) and
// without one (full-text alone). Search tests run in both.

export const SEARCH_MODES = [
  { mode: "with the embedding stub", apiKey: "sk-stub-ok" as string | undefined },
  { mode: "without embeddings", apiKey: undefined as string | undefined },
];

/** A test app whose AI settings point at a fresh stub, with the key (or none) of the mode. */
export async function searchApp(apiKey: string | undefined): Promise<{
  t: TestApp;
  stub: OpenAiStub;
  /** Whether queries and passages are embedded here (a key, and pgvector in this database). */
  semantic: boolean;
  close: () => Promise<void>;
}> {
  const stub = await startOpenAiStub();
  const t = await createTestApp({
    config: { jobs: fastJobs, openai: stubOpenAiConfig(stub.baseUrl, { apiKey, timeoutMs: 10_000 }) },
  });
  const semantic = apiKey !== undefined && (await createPassageIndex(t.database.db).hasVectors());
  return {
    t,
    stub,
    semantic,
    close: async () => {
      await t.close();
      await stub.close();
    },
  };
}

/** How many embeddings requests the stub has answered. */
export const embeddingRequests = (stub: OpenAiStub) =>
  stub.requests.filter((request) => request.path.endsWith("/embeddings")).length;
