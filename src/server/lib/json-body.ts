import { createErrorFactory } from "./errors.ts";

/** Deeper than any request of this API needs; code that walks a body recursively stays safe. */
export const MAX_JSON_DEPTH = 32;

export const createInvalidJsonError = createErrorFactory(
  "INVALID_JSON",
  "The request body is not valid JSON.",
  400,
);
const createTooDeepError = createErrorFactory(
  "JSON_TOO_DEEP",
  `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  400,
);

/** Whether the JSON text opens more than `max` arrays or objects inside each other. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      depth += 1;
      if (depth > max) return true;
    } else if (char === "]" || char === "}") depth -= 1;
  }
  return false;
}

/**
 * A request body: JSON, at most MAX_JSON_DEPTH deep (JSON.parse takes any depth, but
 * JSON.stringify and other recursive code overflow the stack on a body 100,000 levels deep), and
 * without a `__proto__` key (as Fastify's own parser refuses). Empty means no body: the spec's
 * client sends a JSON content type on every call, also on a POST without one.
 */
export function parseJsonBody(text: string): unknown {
  if (text === "") return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw createTooDeepError();
  try {
    // A key can only be `__proto__` if the text holds it as such or escaped (\u005f...): without
    // either, the plain parse (a reviver makes JSON.parse several times slower).
    if (!text.includes("__proto__") && !text.includes("\\u")) return JSON.parse(text);
    return JSON.parse(text, (key, value) => {
      if (key === "__proto__") throw new SyntaxError("__proto__ key");
      return value;
    });
  } catch {
    throw createInvalidJsonError();
  }
}
