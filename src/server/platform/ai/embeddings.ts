import { AiProviderError, explainProviderError, loadSdk, type Sdk } from "./ai-provider.ts";

/** The width of the passage index's `embedding vector(1536)` column (migration 0011). */
export const EMBEDDING_DIMENSIONS = 1536;
/**
 * The least cosine similarity at which a passage is near enough to a query to be a hit. Without a
 * floor, nearness ranks every embedded passage, so a word found nowhere still "finds" everything.
 * For OpenAI's text-embedding-3 models (the default), published measurements put a passage and a
 * query unrelated to it at about 0.1 (a random English word against an article: 0.10; an
 * irrelevant question: 0.08) and a relevant question at about 0.4 (0.44; a sentence of the same
 * article: 0.40): 0.25 lies between the two, and also keeps out two unrelated single words (about
 * 0.2). A search whose words the text holds is found by full-text search whatever this floor.
 */
export const SEMANTIC_SIMILARITY_FLOOR = 0.25;

/** Passages per embeddings request: about 250 tokens each, far below the provider's per-request limits. */
export const EMBEDDING_BATCH = 64;

export interface EmbedderOptions {
  baseUrl: string | undefined;
  /** OPENAI_EMBEDDING_MODEL. */
  model: string;
  timeoutMs: number;
}

function explain(OpenAI: Sdk, error: unknown): AiProviderError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiProviderError("The AI provider did not answer in time.");
  }
  return explainProviderError(OpenAI, error, "The AI provider sent embeddings that could not be read.");
}

/**
 * Embeddings through the OpenAI-compatible API (OPENAI_BASE_URL, OPENAI_EMBEDDING_MODEL): texts in
 * batches, each answer checked to be 1,536 numbers. The `text-embedding-3` models are asked for
 * 1,536 dimensions (the large one gives 3,072 otherwise). Errors are AiProviderError, without the key.
 */
export function createEmbedder(options: EmbedderOptions) {
  const { baseUrl, model, timeoutMs } = options;
  return {
    model,
    async embed(apiKey: string, texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
      const OpenAI = await loadSdk();
      const client = new OpenAI({ apiKey, baseURL: baseUrl ?? null, maxRetries: 1, timeout: timeoutMs });
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += EMBEDDING_BATCH) {
        const input = texts.slice(start, start + EMBEDDING_BATCH);
        let answer: Awaited<ReturnType<typeof client.embeddings.create>>;
        try {
          answer = await client.embeddings.create(
            {
              model,
              input,
              encoding_format: "float",
              ...(model.startsWith("text-embedding-3") ? { dimensions: EMBEDDING_DIMENSIONS } : {}),
            },
            { signal },
          );
        } catch (error) {
          if (signal?.aborted) throw signal.reason ?? error;
          throw explain(OpenAI, error);
        }
        const data = [...(answer.data ?? [])].sort((a, b) => a.index - b.index);
        if (data.length !== input.length) {
          throw new AiProviderError("The AI provider answered with the wrong number of embeddings.");
        }
        for (const { embedding } of data) {
          if (
            !Array.isArray(embedding) ||
            embedding.length !== EMBEDDING_DIMENSIONS ||
            !embedding.every((value) => Number.isFinite(value))
          ) {
            throw new AiProviderError(
              `The embedding model must give ${EMBEDDING_DIMENSIONS} numbers per text; set OPENAI_EMBEDDING_MODEL to one that does.`,
            );
          }
          vectors.push(embedding);
        }
      }
      return vectors;
    },
  };
}

export type Embedder = ReturnType<typeof createEmbedder>;
