import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Caller } from "../../lib/access.ts";
import { type AiProvider, AiProviderError } from "../../platform/ai/ai-provider.ts";
import type { PivotCardRules } from "./pivot-cards.service.ts";
import {
  buildSuggestionPrompt,
  fallbackSuggestions,
  parseSuggestions,
  type Suggestion,
} from "./suggestions.ts";
import type { WorkedExamplesService } from "./worked-examples.service.ts";

/** Suggest items: drafts for a card from the AI provider with the person's key, or built-in ones. */
export function createSuggestionsService(deps: {
  rules: Pick<PivotCardRules, "ownCard">;
  listExamples: WorkedExamplesService["listExamples"];
  keys: AppContext["keys"];
  provider: AiProvider;
  log: FastifyBaseLogger;
}) {
  const { rules, listExamples, keys, provider, log } = deps;
  return {
    async suggest(cardId: number, caller: Caller, signal: AbortSignal) {
      const card = await rules.ownCard(cardId, caller);
      const examples = await listExamples(caller, cardId);
      const fallback = fallbackSuggestions(card);
      const resolved = await keys.resolveFor(caller.id);
      if (!resolved)
        return {
          source: "template" as const,
          reason: "No AI key is configured, so built-in suggestions were made.",
          items: fallback,
        };
      let text = "";
      try {
        for await (const piece of provider.streamChat(
          resolved.apiKey,
          buildSuggestionPrompt(card, examples),
          signal,
        ))
          text += piece;
        const items: Suggestion[] = parseSuggestions(text);
        if (items.length === 0) throw new AiProviderError("The model's answer held no usable items.");
        return { source: "model" as const, reason: null, items };
      } catch (error) {
        const reason = error instanceof AiProviderError ? error.message : "The AI provider failed.";
        log.warn({ keySource: resolved.source, reason }, "Pivot item suggestions fell back to the template");
        return {
          source: "template" as const,
          reason: `${reason} Built-in suggestions were made instead.`,
          items: fallback,
        };
      }
    },
  };
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
