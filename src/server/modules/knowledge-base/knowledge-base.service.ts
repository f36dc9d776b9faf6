import type { FastifyBaseLogger } from "fastify";
import { institutionKey } from "#shared/domain/integrations.ts";
import { uploadedFileType } from "#shared/domain/knowledge-base.ts";
import { bestPerGroup, reciprocalRankFusion } from "#shared/domain/rank-fusion.ts";
import { escapeHtml, markedSnippet } from "#shared/domain/snippets.ts";
import type { Page } from "#shared/schemas/common.ts";
import {
  type CreateKnowledgeEntryInput,
  KNOWLEDGE_LIMITS,
  type KnowledgeAskEvent,
  type KnowledgeAskInput,
  type KnowledgeEntry,
  type KnowledgeEntrySummary,
  type KnowledgeEntryView,
  type KnowledgeHit,
  type KnowledgeListQuery,
  type KnowledgeScope,
  type KnowledgeSearchQuery,
  type KnowledgeSource,
  type KnowledgeStats,
  type UpdateKnowledgeEntryInput,
} from "#shared/schemas/knowledge-base.ts";
import { assertOwnFacultyId, type Caller } from "../../lib/access.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { viewerOf } from "../../lib/policy.ts";
import { type AiProvider, AiProviderError } from "../../platform/ai/ai-provider.ts";
import type { Embedder } from "../../platform/ai/embeddings.ts";
import type { PassageIndex } from "../../platform/passages/passage-index.ts";
import type { PassageScope, RankedPassage } from "../../platform/passages/passage-scope.ts";
import { honouringTerms, meaningText } from "../../platform/passages/query-terms.ts";
import { createQueryVector } from "../../platform/passages/query-vector.ts";
import { respellWithin } from "../../platform/passages/respelling.ts";
import { searchWords } from "../../platform/spelling/spelling.ts";
import { hasText } from "../../platform/text-pipeline/text-extraction.ts";
import type { ApiKeyStore } from "../settings/api-keys.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { matchingPassages, subjectWords } from "./ask-passages.ts";
import { buildAskPrompt } from "./ask-prompt.ts";
import {
  createFileTypeMismatchError,
  createKnowledgeAlreadyRecordedError,
  createKnowledgeNotFoundError,
  createKnowledgeUnsupportedTypeError,
  createTypedIsTextError,
  KNOWLEDGE_MESSAGES,
} from "./knowledge-base.errors.ts";
import type { KnowledgeIndexing } from "./knowledge-base.indexing.ts";
import type { EntryFilters, KnowledgeRepository, KnowledgeSummaryRow } from "./knowledge-base.repository.ts";
import type { KnowledgeEntryRow } from "./knowledge-base.table.ts";

/** Candidates each ranking contributes to the fusion (as document search). */
const CANDIDATES = 200;

export const ASK_REASONS = {
  noKey: "No AI key is configured, so the best passages are shown instead of a written answer.",
  nothingFound: (scope: KnowledgeScope) =>
    scope === "own"
      ? "No passage in your knowledge base matches this question."
      : "No passage shared at your institution matches this question.",
  failed: (message: string) => `${message} The best passages are shown instead of a written answer.`,
} as const;

export const toEntry = (row: KnowledgeEntryRow): KnowledgeEntry => ({
  id: row.id,
  facultyId: row.facultyId,
  title: row.title,
  content: row.content,
  fileType: row.fileType,
  fileUrl: row.fileUrl,
  tags: row.tags,
  isPrivate: row.isPrivate,
  status: row.status,
  statusReason: row.statusReason,
  passageCount: row.passageCount,
  fileSize: row.fileSize,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toSummary = (row: KnowledgeSummaryRow): KnowledgeEntrySummary => ({
  id: row.id,
  facultyId: row.facultyId,
  title: row.title,
  content: row.content,
  contentTruncated: Number(row.contentLength) > row.content.length,
  fileType: row.fileType,
  fileUrl: row.fileUrl,
  tags: row.tags,
  isPrivate: row.isPrivate,
  status: row.status,
  statusReason: row.statusReason,
  passageCount: Number(row.passageCount),
  fileSize: row.fileSize,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
  ownerName: row.ownerName,
});

/** Whether an entry's passages are its title and content (typed, or a file without text). */
export const indexesTypedText = (row: Pick<KnowledgeEntryRow, "objectKey" | "mimeType">) =>
  !row.objectKey || !row.mimeType || !hasText(row.mimeType);

/** The distinct entries of a passage ranking, in order, and each one's best passage. */
function byEntry(ranking: readonly RankedPassage[]) {
  const best = new Map<number, number>();
  for (const passage of ranking) if (!best.has(passage.sourceId)) best.set(passage.sourceId, passage.id);
  return { entries: [...best.keys()], best };
}

export { excludedTerms } from "../../platform/passages/query-terms.ts";

/** A search's hits, and the respelt query they were found by when the query as typed found nothing. */
export interface KnowledgeSearchAnswer {
  hits: KnowledgeHit[];
  correctedQuery: string | null;
}

/**
 * One full-text ranking of entries: each entry's title-and-tags rank (weights A 1.0 and B 0.4 of
 * ts_rank_cd) plus its best passage's (body text, weight D 0.1), best first. A word in a title
 * outweighs the same word in a body; both together outweigh either.
 */
export function lexicalRanking(
  labels: ReadonlyArray<{ id: number; rank: number }>,
  passages: readonly RankedPassage[],
): number[] {
  const score = new Map<number, number>();
  for (const label of labels) score.set(label.id, label.rank);
  const seen = new Set<number>();
  for (const passage of passages) {
    if (seen.has(passage.sourceId)) continue;
    seen.add(passage.sourceId);
    score.set(passage.sourceId, (score.get(passage.sourceId) ?? 0) + (passage.rank ?? 0));
  }
  return [...score].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}

/** The Institutional Knowledge Base (spec B §2-§9). */
export function createKnowledgeService(deps: {
  knowledge: KnowledgeRepository;
  uploads: UploadsService;
  indexing: KnowledgeIndexing;
  passages: PassageIndex;
  keys: ApiKeyStore;
  embedder: Embedder;
  provider: AiProvider;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { knowledge, uploads, indexing, passages, keys, embedder, provider, now, log } = deps;

  const queryVector = createQueryVector({ passages, keys, embedder, log, what: "knowledge search" });

  /**
   * Whose entries a scope reads: one's own, or the shared entries (isPrivate false) of the other
   * accounts of one's institution, never one's own.
   */
  const scopeOf = async (caller: Caller, scope: KnowledgeScope, filters: EntryFilters) => {
    const shared = scope === "institution";
    const owners = shared ? await knowledge.colleagues(viewerOf(caller), institutionKey) : [caller.id];
    const passageScope: PassageScope = {
      kind: "knowledge",
      owners,
      sources: knowledge.sources(shared, filters),
    };
    return { shared, owners, passageScope };
  };

  return {
    async create(caller: Caller, input: CreateKnowledgeEntryInput): Promise<KnowledgeEntry> {
      assertOwnFacultyId(input.facultyId, caller, KNOWLEDGE_MESSAGES.ownFacultyId);
      const base = {
        facultyId: caller.id,
        title: input.title,
        content: input.content,
        tags: input.tags,
        isPrivate: input.isPrivate,
        status: "pending" as const,
        createdAt: now(),
        updatedAt: now(),
      };
      let row: KnowledgeEntryRow;
      if (input.fileUrl) {
        const upload = await uploads.completedFor(caller, input.fileUrl);
        // One record per upload: a document's file is not also an entry (deleting one would take the other).
        if (await uploads.isRecorded(upload.id)) throw createKnowledgeAlreadyRecordedError();
        const type = uploadedFileType(upload.originalName, upload.mimeType);
        if (!type.ok) {
          throw type.problem === "mismatch"
            ? createFileTypeMismatchError()
            : createKnowledgeUnsupportedTypeError();
        }
        try {
          // Quick upload: each file's entry is tagged with its type.
          const tags =
            base.tags.includes(type.fileType) || base.tags.length >= KNOWLEDGE_LIMITS.maxTags
              ? base.tags
              : [...base.tags, type.fileType];
          row = await knowledge.insert({
            ...base,
            tags,
            uploadId: upload.id,
            fileType: type.fileType,
            fileUrl: input.fileUrl,
            objectKey: upload.objectKey,
            mimeType: upload.mimeType,
            fileSize: upload.size,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw createKnowledgeAlreadyRecordedError();
          throw error;
        }
      } else {
        if (input.fileType !== "text") throw createTypedIsTextError();
        row = await knowledge.insert({ ...base, fileType: "text" });
      }
      await indexing.queue(row.id);
      return toEntry(row);
    },

    /**
     * A page of one's entries, or in the institution scope of the entries one's colleagues share
     * (never one's own), newest first.
     */
    async page(caller: Caller, query: KnowledgeListQuery): Promise<Page<KnowledgeEntrySummary>> {
      const viewer = viewerOf(caller);
      const page =
        query.scope === "institution"
          ? await knowledge.sharedPage(await knowledge.colleagues(viewer, institutionKey), query)
          : await knowledge.page(viewer, query);
      return { items: page.items.map(toSummary), total: page.total };
    },

    /** One's own entry, or one a colleague of one's institution shares (read-only): 404 otherwise. */
    async get(caller: Caller, id: number): Promise<KnowledgeEntryView> {
      const viewer = viewerOf(caller);
      const own = await knowledge.findReadable(id, viewer);
      if (own) return { ...toEntry(own), ownerName: caller.faculty.name };
      const shared = await knowledge.findShared(id, await knowledge.colleagues(viewer, institutionKey));
      if (!shared) throw createKnowledgeNotFoundError();
      return { ...toEntry(shared), ownerName: shared.ownerName };
    },

    /**
     * Edits title, content, tags or privacy. A change of the text its passages are made of (the
     * title or content of typed content or of a file without text) indexes it again.
     */
    async update(caller: Caller, id: number, input: UpdateKnowledgeEntryInput): Promise<KnowledgeEntry> {
      const viewer = viewerOf(caller);
      const current = await knowledge.findWritable(id, viewer);
      if (!current) throw createKnowledgeNotFoundError();
      const textChanged =
        (input.title !== undefined && input.title !== current.title) ||
        (input.content !== undefined && input.content !== current.content);
      const reindex = textChanged && indexesTypedText(current);
      const row = await knowledge.update(
        id,
        viewer,
        { ...input, ...(reindex ? { status: "pending" as const, statusReason: null } : {}) },
        now(),
      );
      if (!row) throw createKnowledgeNotFoundError();
      const labelsChanged =
        (input.title !== undefined && input.title !== current.title) ||
        (input.tags !== undefined && input.tags.join(" ") !== current.tags.join(" "));
      if (reindex) await indexing.queue(row.id);
      // The job reads the words again; without one, the word list takes the new title and tags now.
      else if (labelsChanged)
        await passages.refreshWords({ kind: "knowledge", id, facultyId: row.facultyId });
      return this.get(caller, id);
    },

    /** Removes the entry, its passages, and its upload with the stored object. */
    async remove(caller: Caller, id: number): Promise<void> {
      const viewer = viewerOf(caller);
      const row = await knowledge.findWritable(id, viewer);
      if (!row) throw createKnowledgeNotFoundError();
      // The upload row's removal takes the entry (and so its passages) with it (ON DELETE CASCADE).
      if (row.uploadId && row.objectKey) await uploads.remove({ id: row.uploadId, objectKey: row.objectKey });
      else if (!(await knowledge.delete(id, viewer))) throw createKnowledgeNotFoundError();
    },

    stats: (caller: Caller): Promise<KnowledgeStats> => knowledge.stats(caller.id),

    /**
     * Searches a scope: entries whose title or tags match (weighted A and B),
     * passages that match (full-text, ts_rank_cd) and, when semantic search is on, passages near
     * the query's embedding (above SEMANTIC_SIMILARITY_FLOOR), fused by reciprocal rank fusion
     * (k = 60) into one ranking of entries; an entry matched by its title and its body beats one
     * matched by its body alone. The query's -exclusions and "phrases" then hold for each entry as
     * a whole, whichever ranking found it. When the words as typed match nothing, each word the
     * scope's texts do not hold is respelt to the closest word they hold (the answer says so);
     * when that matches nothing either, titles and tags are compared by trigram similarity. A
     * blank query finds nothing.
     */
    async search(caller: Caller, input: KnowledgeSearchQuery): Promise<KnowledgeSearchAnswer> {
      const typed = input.query.trim();
      if (!typed) return { hits: [], correctedQuery: null };
      const filters: EntryFilters = { tags: input.tags, fileTypes: input.fileType };
      const { shared, owners, passageScope } = await scopeOf(caller, input.scope, filters);
      if (owners.length === 0) return { hits: [], correctedQuery: null };

      const lexical = (text: string) =>
        Promise.all([
          knowledge.labelMatches(owners, shared, filters, text, CANDIDATES),
          passages.fullText(passageScope, text, CANDIDATES),
        ]);
      const vectorOf = (text: string) => {
        const meaning = meaningText(text);
        return meaning ? queryVector(caller.id, meaning) : Promise.resolve(null);
      };
      let query = typed;
      let correctedQuery: string | null = null;
      let vectorOfQuery = vectorOf(query);
      let [labels, byWords] = await lexical(query);
      if (labels.length === 0 && byWords.length === 0) {
        const respelt = await respellWithin(passages, passageScope, query);
        if (respelt && respelt !== query) {
          const [respeltLabels, respeltWords] = await lexical(respelt);
          if (respeltLabels.length > 0 || respeltWords.length > 0) {
            [labels, byWords] = [respeltLabels, respeltWords];
            query = respelt;
            correctedQuery = respelt;
            // The typed words' embedding goes unused; its failure must not go unhandled.
            vectorOfQuery.catch(() => null);
            vectorOfQuery = vectorOf(respelt);
          }
        }
        if (labels.length === 0 && byWords.length === 0) {
          labels = await knowledge.fuzzyLabelMatches(owners, shared, filters, searchWords(query), CANDIDATES);
        }
      }
      const vector = await vectorOfQuery;
      const byMeaning = vector ? await passages.nearest(passageScope, vector, CANDIDATES) : [];
      const words = byEntry(byWords);
      const meaning = byEntry(byMeaning);
      const fused = reciprocalRankFusion(
        [lexicalRanking(labels, byWords), meaning.entries].filter((ranking) => ranking.length > 0),
      );
      const honoured = await honouringTerms(
        query,
        fused.map(({ item }) => item),
        async (ids, terms) => {
          const [byLabel, byPassage] = await Promise.all([
            knowledge.labelsMatching(ids, terms),
            passages.sourcesMatching(passageScope, ids, terms),
          ]);
          return new Set([...byLabel, ...byPassage]);
        },
      );
      const best = bestPerGroup(
        fused.filter(({ item }) => honoured.has(item)),
        ({ item }) => item,
        input.limit,
      );
      if (best.length === 0) return { hits: [], correctedQuery: null };
      const passageOf = (entryId: number) => words.best.get(entryId) ?? meaning.best.get(entryId);
      const passageIds = best.flatMap(({ item }) => {
        const passage = passageOf(item);
        return passage === undefined ? [] : [passage];
      });
      const [headlines, rows] = await Promise.all([
        passages.headlines(passageScope, passageIds, query),
        knowledge.summaries(best.map(({ item }) => item)),
      ]);
      const headlineOf = new Map(headlines.map((headline) => [headline.id, headline]));
      const rowOf = new Map(rows.map((row) => [row.id, row]));
      const hits: KnowledgeHit[] = [];
      for (const { item, score } of best) {
        const row = rowOf.get(item);
        if (!row) continue;
        const passage = passageOf(item);
        const headline = passage === undefined ? undefined : headlineOf.get(passage);
        hits.push({
          ...toSummary({ ...row, ownerName: shared ? row.ownerName : null }),
          score,
          snippet: headline ? markedSnippet(headline.headline) : escapeHtml(row.content.slice(0, 240)),
          passageIndex: headline ? Number(headline.passageIndex) : null,
          page: headline?.page == null ? null : Number(headline.page),
          scope: input.scope,
        });
      }
      return { hits, correctedQuery };
    },

    /**
     * Answers a question from the scope's best passages: first the numbered
     * sources, then the model's answer citing them, or, without a key, when the model fails or
     * stays silent past the timeout, no answer: `done` in the passages mode with the reason.
     */
    async *ask(
      caller: Caller,
      input: KnowledgeAskInput,
      signal: AbortSignal,
    ): AsyncGenerator<KnowledgeAskEvent> {
      const { passageScope } = await scopeOf(caller, input.scope, {});
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
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
