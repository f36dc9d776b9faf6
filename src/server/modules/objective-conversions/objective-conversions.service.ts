import type { FastifyBaseLogger } from "fastify";
import { templateConversion } from "#shared/domain/conversions.ts";
import type {
  AiStatus,
  CreateConversionData,
  GenerateConversionInput,
  GenerateEvent,
  ObjectiveConversion,
} from "#shared/schemas/conversions.ts";
import type { Caller } from "../../lib/access.ts";
import { createErrorFactory, createForbiddenError } from "../../lib/errors.ts";
import { type AiProvider, AiProviderError } from "../ai/ai-provider.ts";
import type { AnalyticsService } from "../analytics/analytics.service.ts";
import type { DashboardService } from "../dashboard/dashboard.service.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import { buildConversionPrompt } from "./conversion-prompt.ts";
import type { ObjectiveConversionsRepository } from "./objective-conversions.repository.ts";
import type { ObjectiveConversionRow } from "./objective-conversions.table.ts";

export const TEMPLATE_SOURCE = "template";
export const NO_KEY_REASON = "No AI key is configured, so the built-in template was used.";

export const createConversionNotFoundError = createErrorFactory({
  code: "CONVERSION_NOT_FOUND",
  message: "Conversion not found.",
  statusCode: 404,
});

const toConversion = (row: ObjectiveConversionRow): ObjectiveConversion => ({
  id: row.id,
  facultyId: row.facultyId,
  discipline: row.discipline,
  originalObjective: row.originalObjective,
  convertedFramework: row.convertedFramework,
  source: row.source,
  feedbackRating: row.feedbackRating,
  createdAt: row.createdAt.toISOString(),
});

export function createObjectiveConversionsService(deps: {
  conversions: ObjectiveConversionsRepository;
  analytics: AnalyticsService;
  keys: ApiKeyStore;
  provider: AiProvider;
  dashboard: DashboardService;
  log: FastifyBaseLogger;
}) {
  const { conversions, analytics, keys, provider, dashboard, log } = deps;

  return {
    async aiStatus(caller: Caller): Promise<AiStatus> {
      const resolved = await keys.resolveFor(caller.id);
      return resolved
        ? { keySource: resolved.source, model: provider.model }
        : { keySource: "none", model: null };
    },

    /**
     * The framework for an objective, as a stream of events: from the model when a key is set,
     * else (or when the model fails, hangs or answers nonsense) from the discipline's template.
     * Always ends with a `done` event carrying the whole text and its source.
     */
    async *generate(
      input: GenerateConversionInput,
      caller: Caller,
      signal: AbortSignal,
    ): AsyncGenerator<GenerateEvent> {
      const fallback = (): GenerateEvent[] => {
        const text = templateConversion(input.discipline, input);
        return [
          { type: "delta", text },
          { type: "done", source: TEMPLATE_SOURCE, text },
        ];
      };
      const resolved = await keys.resolveFor(caller.id);
      if (!resolved) {
        yield { type: "start", source: "template", reason: NO_KEY_REASON };
        yield* fallback();
        return;
      }

      yield { type: "start", source: "model", model: provider.model };
      let text = "";
      try {
        for await (const piece of provider.streamChat(
          resolved.apiKey,
          buildConversionPrompt(input),
          signal,
        )) {
          text += piece;
          yield { type: "delta", text: piece };
        }
        if (signal.aborted) return;
        if (!text.trim()) throw new AiProviderError("The AI provider sent an empty answer.");
        yield { type: "done", source: provider.model, text };
      } catch (error) {
        const reason = error instanceof AiProviderError ? error.message : "The AI provider failed.";
        log.warn({ keySource: resolved.source, reason }, "AI conversion fell back to the template");
        yield { type: "fallback", reason: `${reason} The built-in template was used instead.` };
        yield* fallback();
      }
    },

    async create(input: CreateConversionData, caller: Caller) {
      if (input.facultyId !== undefined && input.facultyId !== caller.id) {
        throw createForbiddenError("A conversion can only be saved for yourself.");
      }
      const row = await conversions.insert({
        facultyId: caller.id,
        discipline: input.discipline,
        originalObjective: input.originalObjective,
        convertedFramework: input.convertedFramework,
        source: input.source,
      });
      dashboard.changed(caller.id);
      await analytics.record(caller.id, "objective_converted", {
        conversionId: row.id,
        discipline: row.discipline,
        source: row.source,
      });
      return toConversion(row);
    },

    async page(facultyId: number, query: { q?: string | undefined; limit: number; offset: number }) {
      const { rows, total } = await conversions.page(facultyId, query);
      return { items: rows.map(toConversion), total };
    },

    stats: (facultyId: number) => conversions.stats(facultyId),

    async rate(id: number, feedbackRating: number, caller: Caller) {
      const row = await conversions.rate(id, caller.id, feedbackRating);
      if (!row) throw createConversionNotFoundError();
      dashboard.changed(caller.id);
      return toConversion(row);
    },

    async remove(id: number, caller: Caller) {
      if (!(await conversions.delete(id, caller.id))) throw createConversionNotFoundError();
      dashboard.changed(caller.id);
    },
  };
}

export type ObjectiveConversionsService = ReturnType<typeof createObjectiveConversionsService>;
