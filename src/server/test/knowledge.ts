import type { FastifyInstance } from "fastify";
import type { CreateKnowledgeEntryInput, KnowledgeEntry } from "#shared/schemas/knowledge-base.ts";
import { uploadViaApi } from "./factories.ts";

// Helpers of the knowledge base's API tests: entries through the real routes, the real
// upload flow and the real job queue.

type Headers = Record<string, string>;

/** Jobs that run at once and retry fast (as the document search tests). */
export const fastJobs = {
  concurrency: 1,
  retryDelaySeconds: 1,
  pollingIntervalSeconds: 0.5,
  stopGraceMs: 200,
};

/** Uploads a file through the signed flow (upload address, PUT): its fileUrl. */
export const uploadFile = uploadViaApi;

/** POST /api/knowledge-base; throws unless 201. */
export async function createEntry(
  app: FastifyInstance,
  headers: Headers,
  body: Partial<CreateKnowledgeEntryInput> & { title: string },
): Promise<KnowledgeEntry> {
  const response = await app.inject({
    method: "POST",
    url: "/api/knowledge-base",
    headers,
    payload: { content: "Notes kept for the course team.", ...body },
  });
  if (response.statusCode !== 201) throw new Error(`entry failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Waits until the entry's indexing job has finished (ready or failed). */
export async function waitForEntry(
  app: FastifyInstance,
  headers: Headers,
  id: number,
  timeoutMs = 40_000,
): Promise<KnowledgeEntry> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: "GET", url: `/api/knowledge-base/${id}`, headers });
    const entry = response.json() as KnowledgeEntry;
    if (entry.status === "ready" || entry.status === "failed") return entry;
    if (Date.now() > until) throw new Error(`entry ${id} stayed ${entry.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A typed entry, indexed. */
export async function readyEntry(
  app: FastifyInstance,
  headers: Headers,
  body: Partial<CreateKnowledgeEntryInput> & { title: string },
) {
  const created = await createEntry(app, headers, body);
  return waitForEntry(app, headers, created.id);
}

/** GET /api/knowledge-base/search/:facultyId with these query parameters. */
export function searchEntries(
  app: FastifyInstance,
  who: { headers: Headers; faculty: { id: number } },
  query: Record<string, string>,
) {
  return app.inject({
    method: "GET",
    url: `/api/knowledge-base/search/${who.faculty.id}?${new URLSearchParams(query)}`,
    headers: who.headers,
  });
}
