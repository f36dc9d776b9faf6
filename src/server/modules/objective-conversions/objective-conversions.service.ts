import type { FastifyBaseLogger } from "fastify";
import { templateConversion } from "#shared/domain/conversions.ts";
import type {
  AiStatus,
  CreateConversionData,
  GenerateConversionInput,
  GenerateEvent,
  ObjectiveConversion,
} from "#shared/schemas/conversions.ts";
import type { Database } from "../../db/client.ts";
import { assertOwnFacultyId, type Caller } from "../../lib/access.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { viewerOf } from "../../lib/policy.ts";
import { type AiProvider, AiProviderError } from "../../platform/ai/ai-provider.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import { buildConversionPrompt } from "./conversion-prompt.ts";
import { createConversionNotFoundError } from "./objective-conversions.errors.ts";
import { createObjectiveConversionsRepository } from "./objective-conversions.repository.ts";
import type { ObjectiveConversionRow } from "./objective-conversions.table.ts";

export const TEMPLATE_SOURCE = "template";
export const NO_KEY_REASON = "No AI key is configured, so the built-in template was used.";

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
  db: Database;
  events: DomainEvents;
  keys: ApiKeyStore;
  provider: AiProvider;
  log: FastifyBaseLogger;
}) {
  const { db, events, keys, provider, log } = deps;
  const conversions = createObjectiveConversionsRepository(db);

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
      assertOwnFacultyId(input.facultyId, caller, "A conversion can only be saved for yourself.");
      const row = await events.transaction(db, async (tx, publish) => {
        const saved = await createObjectiveConversionsRepository(tx).insert({
          facultyId: caller.id,
          discipline: input.discipline,
          originalObjective: input.originalObjective,
          convertedFramework: input.convertedFramework,
          source: input.source,
        });
        await publish("objectiveConverted", {
          facultyId: caller.id,
          conversionId: saved.id,
          discipline: saved.discipline,
          source: saved.source,
        });
        return saved;
      });
      return toConversion(row);
    },

    /** One's own saved conversion (the wizard starts a project from it); 404 for anyone else's. */
    async get(id: number, caller: Caller) {
      const row = await conversions.find(id, viewerOf(caller));
      if (!row) throw createConversionNotFoundError();
      return toConversion(row);
    },

    async page(caller: Caller, query: { q?: string | undefined; limit: number; offset: number }) {
      const { rows, total } = await conversions.page(viewerOf(caller), query);
      return { items: rows.map(toConversion), total };
    },

    stats: (caller: Caller) => conversions.stats(caller.id),

    async rate(id: number, feedbackRating: number, caller: Caller) {
      const row = await events.transaction(db, async (tx, publish) => {
        const rated = await createObjectiveConversionsRepository(tx).rate(
          id,
          viewerOf(caller),
          feedbackRating,
        );
        if (!rated) throw createConversionNotFoundError();
        await publish("conversionRated", { facultyId: caller.id, conversionId: id });
        return rated;
      });
      return toConversion(row);
    },

    async remove(id: number, caller: Caller) {
      await events.transaction(db, async (tx, publish) => {
        if (!(await createObjectiveConversionsRepository(tx).delete(id, viewerOf(caller)))) {
          throw createConversionNotFoundError();
        }
        await publish("conversionDeleted", { facultyId: caller.id, conversionId: id });
      });
    },
  };
}

export type ObjectiveConversionsService = ReturnType<typeof createObjectiveConversionsService>;

/** A faculty member's conversion figures, for the dashboard: handed to it by the context. */
export function createConversionStats(db: Database) {
  return { stats: createObjectiveConversionsRepository(db).stats };
}

export type ConversionStatsSource = ReturnType<typeof createConversionStats>;
