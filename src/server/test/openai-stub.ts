import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small OpenAI-compatible server for tests (the real provider is out of reach): `GET /v1/models`,
 * streaming `POST /v1/chat/completions` and `POST /v1/embeddings` (stubEmbedding of each input; a
 * `dimensions` in the body is honoured). What it does depends on the bearer key:
 * - starts with `sk-stub-` and contains none of the words below: works; the reply echoes the prompt.
 * - contains `invalid`, or does not start with `sk-stub-`: 401, as for a wrong key.
 * - `fail`: chat answers 500. `hang`: chat never answers. `garbage`: chat answers 200 with HTML.
 * - `midway`: chat streams a few pieces, then the connection drops.
 * - `items`: chat answers STUB_ITEMS as a JSON array (retrieval item suggestions).
 * - `slow`: chat waits 1.5 s before it answers normally (to see the converting state).
 * - `unreachable`: every request's connection is dropped unanswered, as when the provider is out
 *   of reach (the key test must not call such a key invalid).
 */
export const STUB_MODEL = "stub-model-1";
export const STUB_EMBEDDING_MODEL = "stub-embedding-1";
export const STUB_EMBEDDING_DIMENSIONS = 1536;

/** The dimensions each word of the stub's embedding is spread over, each with its own sign. */
export const STUB_DIMENSIONS_PER_WORD = 16;

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
  }
  return hash;
}

/**
 * The stub's embedding of a text: a hashed bag of its words (lowercase, three letters or more, a
 * trailing "s" dropped) in 1,536 dimensions, normalised to length 1. Each word adds ±1 in
 * STUB_DIMENSIONS_PER_WORD hashed dimensions (signed feature hashing). Two different words are at
 * similarity 0 unless their dimensions meet, and then within ±1/16 per meeting (of 80,000 pairs of
 * words, 85 % are at 0 and none reaches 0.19), so unrelated texts stay far below the search's
 * similarity floor; with one dimension per word, two words sharing it were as near as one word
 * shared, which happened between a few texts of any test. Texts that share words are near (their
 * cosine similarity grows with the words they share). Deterministic, the same in every process.
 */
export function stubEmbedding(text: string, dimensions = STUB_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    const word = raw.length > 3 && raw.endsWith("s") ? raw.slice(0, -1) : raw;
    for (let copy = 0; copy < STUB_DIMENSIONS_PER_WORD; copy += 1) {
      const hash = fnv1a(`${copy}:${word}`);
      const sign = hash & 0x80000000 ? -1 : 1;
      vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + sign;
    }
  }
  const length = Math.hypot(...vector);
  if (length === 0) vector[0] = 1;
  return length === 0 ? vector : vector.map((value) => value / length);
}

export interface StubRequest {
  method: string;
  path: string;
  apiKey: string;
  body: unknown;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-stub",
    object: "chat.completion.chunk",
    created: 0,
    model: STUB_MODEL,
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (piece: string) => {
      body += piece;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

const unauthorized = (response: http.ServerResponse) => {
  response.writeHead(401, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      error: {
        message: "Incorrect API key provided.",
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    }),
  );
};

/** What a key with `items` answers: suggestions of retrieval items, with prose around them as models write. */
export const STUB_ITEMS = [
  { type: "flashcard", question: "Stub question from the model?", answer: "Stub answer" },
  { type: "concept-check", question: "Which is right?", options: ["One", "Two", "Three"], correctIndex: 2 },
  { type: "concept-check", question: "Malformed, dropped", options: ["Only one"], correctIndex: 0 },
];

/** The stub's framework for a prompt: it names the prompt's last message so tests can see it was used. */
export function stubFramework(userMessage: string): string {
  return `Stub Model Framework\n\nBased on the request:\n${userMessage}\n\nPivot: core concepts first.\nLaunch: varied applications.`;
}

export async function startOpenAiStub(port = 0) {
  const requests: StubRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  /** Answers held after their first piece (a key with "gated") until `release()`. */
  const gates: Array<() => void> = [];

  const server = http.createServer(async (request, response) => {
    const apiKey = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const path = (request.url ?? "").split("?")[0] ?? "";
    const raw = request.method === "POST" ? await readBody(request) : "";
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    requests.push({ method: request.method ?? "", path, apiKey, body });

    if (apiKey.includes("unreachable")) return void request.socket.destroy();

    if (!apiKey.startsWith("sk-stub-") || apiKey.includes("invalid")) return unauthorized(response);

    if (request.method === "GET" && path.endsWith("/models")) {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(
        JSON.stringify({
          object: "list",
          data: [{ id: STUB_MODEL, object: "model", created: 0, owned_by: "stub" }],
        }),
      );
    }
    if (request.method === "POST" && path.endsWith("/embeddings")) {
      if (apiKey.includes("hang")) {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      }
      if (apiKey.includes("fail")) {
        response.writeHead(500, { "content-type": "application/json" });
        return response.end(JSON.stringify({ error: { message: "The stub failed on purpose." } }));
      }
      if (apiKey.includes("gated")) await new Promise<void>((resolve) => gates.push(resolve));
      const { input, dimensions } = (body ?? {}) as { input?: string | string[]; dimensions?: number };
      const inputs = typeof input === "string" ? [input] : Array.isArray(input) ? input : [];
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(
        JSON.stringify({
          object: "list",
          model: (body as { model?: string } | null)?.model ?? STUB_EMBEDDING_MODEL,
          data: inputs.map((text, index) => ({
            object: "embedding",
            index,
            embedding: stubEmbedding(String(text), dimensions ?? STUB_EMBEDDING_DIMENSIONS),
          })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    }
    if (request.method !== "POST" || !path.endsWith("/chat/completions")) {
      response.writeHead(404, { "content-type": "application/json" });
      return response.end(JSON.stringify({ error: { message: "Not found" } }));
    }

    if (apiKey.includes("hang")) {
      hanging.add(response);
      response.on("close", () => hanging.delete(response));
      return;
    }
    if (apiKey.includes("fail")) {
      response.writeHead(500, { "content-type": "application/json" });
      return response.end(JSON.stringify({ error: { message: "The stub failed on purpose." } }));
    }
    if (apiKey.includes("garbage")) {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end("<html><body>Gateway says hello</body></html>");
    }

    if (apiKey.includes("slow")) await new Promise((resolve) => setTimeout(resolve, 1500));
    const messages = (body as { messages?: { content?: string }[] } | null)?.messages ?? [];
    const text = apiKey.includes("items")
      ? `Here are the items:\n${JSON.stringify(STUB_ITEMS)}\nGood luck.`
      : stubFramework(String(messages.at(-1)?.content ?? ""));
    const pieces = text.match(/[\s\S]{1,24}/g) ?? [];
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    if (apiKey.includes("midway")) {
      response.write(chunk(pieces[0] ?? "partial"));
      setTimeout(() => response.destroy(), 20);
      return;
    }
    if (apiKey.includes("gated")) {
      response.write(chunk(pieces.shift() ?? ""));
      await new Promise<void>((resolve) => gates.push(resolve));
    }
    for (const piece of pieces) response.write(chunk(piece));
    response.end("data: [DONE]\n\n");
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: chosen } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${chosen}/v1`,
    requests,
    /** Lets every held ("gated") answer go on. */
    release: () => {
      for (const open of gates.splice(0)) open();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const open of gates.splice(0)) open();
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OpenAiStub = Awaited<ReturnType<typeof startOpenAiStub>>;

/** The app's AI settings pointed at a stub (or any base URL), with a short silence limit. */
export const stubOpenAiConfig = (baseUrl: string, options: { apiKey?: string; timeoutMs?: number } = {}) => ({
  baseUrl,
  apiKey: options.apiKey,
  model: STUB_MODEL,
  embeddingModel: STUB_EMBEDDING_MODEL,
  timeoutMs: options.timeoutMs ?? 2000,
});
