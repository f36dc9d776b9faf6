import type OpenAISdk from "openai";

export type Sdk = typeof OpenAISdk;
let sdk: Promise<Sdk> | undefined;
/** The SDK loads on the first AI call rather than at every start-up (about a tenth of a second). */
export const loadSdk = () => {
  sdk ??= import("openai").then((module) => module.default);
  return sdk;
};

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface AiProviderOptions {
  /** OPENAI_BASE_URL; the SDK's default (api.openai.com) when unset. */
  baseUrl: string | undefined;
  model: string;
  /** How long the provider may stay silent: before it answers, and between streamed pieces. */
  timeoutMs: number;
}

/** Why the model's answer could not be used, in words fit for the person waiting for it. */
export class AiProviderError extends Error {}

export type KeyCheck = "valid" | "invalid" | "unreachable";

function explain(OpenAI: Sdk, error: unknown, timeoutMs: number): AiProviderError {
  const silence = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
  if (error instanceof OpenAI.APIUserAbortError || error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiProviderError(`The AI provider did not answer within ${silence}.`);
  }
  return explainProviderError(OpenAI, error, "The AI provider sent an answer that could not be read.");
}

/**
 * A failed call in words fit for the person waiting, the key never among them; `unreadable` for an
 * answer that came but could not be used. Time-outs are worded by each caller, before this.
 */
export function explainProviderError(OpenAI: Sdk, error: unknown, unreadable: string): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
    return new AiProviderError("The AI provider refused the API key.");
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new AiProviderError("The AI provider is rate limiting this key; try again later.");
  }
  if (error instanceof OpenAI.APIError && typeof error.status === "number") {
    return new AiProviderError(`The AI provider answered with an error (HTTP ${error.status}).`);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiProviderError("Could not reach the AI provider.");
  }
  return new AiProviderError(unreadable);
}

/**
 * The OpenAI-compatible provider (ARCHITECTURE: AI) through the `openai` SDK, so any compatible
 * server works (OPENAI_BASE_URL). No retries: a failure falls back to the template at once.
 * Errors never carry the key: they are rewritten into AiProviderError messages.
 */
export function createAiProvider(options: AiProviderOptions) {
  const { baseUrl, model, timeoutMs } = options;
  const clientFor = (OpenAI: Sdk, apiKey: string) =>
    new OpenAI({ apiKey, baseURL: baseUrl ?? null, maxRetries: 0, timeout: timeoutMs });

  return {
    model,

    /** The model's answer, piece by piece. Throws AiProviderError; ends quietly when `signal` aborts. */
    async *streamChat(apiKey: string, messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string> {
      const OpenAI = await loadSdk();
      const watchdog = new AbortController();
      const abort = () => watchdog.abort();
      signal?.addEventListener("abort", abort, { once: true });
      let timer = setTimeout(abort, timeoutMs);
      const rearm = () => {
        clearTimeout(timer);
        timer = setTimeout(abort, timeoutMs);
      };
      try {
        const stream = await clientFor(OpenAI, apiKey).chat.completions.create(
          { model, messages, stream: true, temperature: 0.7, max_tokens: 1200 },
          { signal: watchdog.signal },
        );
        rearm();
        for await (const chunk of stream) {
          rearm();
          const piece = chunk.choices?.[0]?.delta?.content;
          if (typeof piece === "string" && piece) yield piece;
        }
        if (watchdog.signal.aborted) throw new OpenAI.APIUserAbortError();
      } catch (error) {
        if (signal?.aborted) return;
        throw explain(OpenAI, error, timeoutMs);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", abort);
      }
    },

    /** Lists the provider's models with the key: the cheapest call that proves a key works. */
    async checkKey(apiKey: string): Promise<KeyCheck> {
      const OpenAI = await loadSdk();
      try {
        await clientFor(OpenAI, apiKey).models.list();
        return "valid";
      } catch (error) {
        if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
          return "invalid";
        }
        return "unreachable";
      }
    },
  };
}

export type AiProvider = ReturnType<typeof createAiProvider>;
