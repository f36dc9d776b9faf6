import type { FastifyBaseLogger } from "fastify";
import { reciprocalRankFusion } from "#shared/domain/rank-fusion.ts";
import {
  KNOWLEDGE_LIMITS,
  type KnowledgeAskEvent,
  type KnowledgeAskInput,
  type KnowledgeScope,
  type KnowledgeSource,
} from "#shared/schemas/knowledge-base.ts";
import type { Caller } from "../../lib/access.ts";
import { type AiProvider, AiProviderError } from "../../platform/ai/ai-provider.ts";
import type { PassageIndex } from "../../platform/passages/passage-index.ts";
import type { QueryVector } from "../../platform/passages/query-vector.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import { matchingPassages, subjectWords } from "./ask-passages.ts";
import { buildAskPrompt } from "./ask-prompt.ts";
import type { KnowledgeRepository } from "./knowledge-base.repository.ts";
import { CANDIDATES, scopeOf } from "./knowledge-base.scope.ts";

export const ASK_REASONS = {
  noKey: "No AI key is configured, so the best passages are shown instead of a written answer.",
  nothingFound: (scope: KnowledgeScope) =>
    scope === "own"
      ? "No passage in your knowledge base matches this question."
      : "No passage shared at your institution matches this question.",
  failed: (message: string) => `${message} The best passages are shown instead of a written answer.`,
} as const;

/** Knowledge ask (spec B): a written answer from the scope's best passages, citing them. */
export function createKnowledgeAsk(deps: {
  knowledge: KnowledgeRepository;
  passages: PassageIndex;
  keys: ApiKeyStore;
  provider: AiProvider;
  queryVector: QueryVector;
  log: FastifyBaseLogger;
}) {
  const { knowledge, passages, keys, provider, queryVector, log } = deps;

  /**
   * Answers a question from the scope's best passages: first the numbered
   * sources, then the model's answer citing them, or, without a key, when the model fails or
   * stays silent past the timeout, no answer: `done` in the passages mode with the reason.
   */
  return async function* ask(
    caller: Caller,
    input: KnowledgeAskInput,
    signal: AbortSignal,
  ): AsyncGenerator<KnowledgeAskEvent> {
    const { passageScope } = await scopeOf(knowledge, caller, input.scope, {});
    let sources: KnowledgeSource[] = [];
    if (passageScope.owners.length > 0) {
      const [anyWord, vector] = await Promise.all([
        passages.fullText(passageScope, input.question, CANDIDATES, "any"),
        queryVector(caller.id, input.question),
      ]);
      // Sharing one word with the question is not matching it: only passages holding most of
      // what it asks about are offered (ask-passages.ts).
      const words = subjectWords(await passages.questionWords(input.question));
      const matching = matchingPassages(
        await passages.wordPresence(
          passageScope,
          anyWord.map((passage) => passage.id),
          words,
        ),
      );
      const byWords = anyWord.filter((passage) => matching.has(passage.id));
      const byMeaning = vector ? await passages.nearest(passageScope, vector, CANDIDATES) : [];
      const top = reciprocalRankFusion(
        [byWords, byMeaning]
          .filter((ranking) => ranking.length > 0)
          .map((ranking) => ranking.map((p) => p.id)),
      ).slice(0, KNOWLEDGE_LIMITS.askPassages);
      const texts = await passages.texts(
        passageScope,
        top.map(({ item }) => item),
      );
      const rows = await knowledge.summaries([...new Set(texts.map((text) => text.sourceId))]);
      const textOf = new Map(texts.map((text) => [text.id, text]));
      const titleOf = new Map(rows.map((row) => [row.id, row.title]));
      sources = top.flatMap(({ item }) => {
        const text = textOf.get(item);
        const title = text ? titleOf.get(text.sourceId) : undefined;
        if (!text || title === undefined) return [];
        return [
          {
            n: 0,
            entryId: text.sourceId,
            title,
            passageIndex: text.passageIndex,
            page: text.page,
            text: text.content,
            scope: input.scope,
          },
        ];
      });
      sources.forEach((source, index) => {
        source.n = index + 1;
      });
    }
    yield { type: "sources", sources };
    if (sources.length === 0) {
      yield { type: "done", mode: "passages", reason: ASK_REASONS.nothingFound(input.scope) };
      return;
    }
    const key = await keys.resolveFor(caller.id);
    if (!key) {
      yield { type: "done", mode: "passages", reason: ASK_REASONS.noKey };
      return;
    }
    let written = "";
    try {
      for await (const piece of provider.streamChat(
        key.apiKey,
        buildAskPrompt(input.question, sources),
        signal,
      )) {
        written += piece;
        yield { type: "delta", text: piece };
      }
      if (signal.aborted) return;
      if (!written.trim()) throw new AiProviderError("The AI provider sent an empty answer.");
      yield { type: "done", mode: "answer", reason: null };
    } catch (error) {
      const message = error instanceof AiProviderError ? error.message : "The AI provider failed.";
      log.warn({ keySource: key.source, reason: message }, "knowledge ask fell back to passages");
      yield { type: "done", mode: "passages", reason: ASK_REASONS.failed(message) };
    }
  };
}
