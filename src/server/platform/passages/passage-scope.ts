import { type SQL, sql } from "drizzle-orm";

/** What a passage belongs to (one column each on `passage` and `passage_embedding`). */
export type PassageSourceKind = "document" | "knowledge";

export const SOURCE_COLUMN: Record<PassageSourceKind, string> = {
  document: "document_id",
  knowledge: "knowledge_entry_id",
};

/** One source's passages: a document or a knowledge entry, and its owner. */
export interface PassageSource {
  kind: PassageSourceKind;
  id: number;
  facultyId: number;
}

/**
 * Which passages a search reads: one kind of source, of these owners (`faculty_id`, which every
 * search filters on first), and, when given, only of the sources a subquery selects (`sources`:
 * a `select id from ...` of the source's table, e.g. the entries shared with an institution or
 * holding a tag).
 */
export interface PassageScope {
  kind: PassageSourceKind;
  owners: readonly number[];
  sources?: SQL | undefined;
}

/** How a query's words must match: as a web search (all words, "phrases", -exclusions), or any word (a question). */
export type PassageMatch = "web" | "any";

export interface RankedPassage {
  id: number;
  /** The source the passage belongs to (a document's or a knowledge entry's id). */
  sourceId: number;
  /** Full-text only: the passage's ts_rank_cd for the query. */
  rank?: number;
}

export interface PassageHeadline {
  id: number;
  headline: string;
  page: number | null;
  /** The passage's position among its source's (0-based). */
  passageIndex: number;
}

export interface PassageText {
  id: number;
  sourceId: number;
  passageIndex: number;
  content: string;
  page: number | null;
}

/** A word of a search and a word of the scope's texts alike in trigrams (pg_trgm's `%`). */
export interface WordCandidate {
  typed: string;
  word: string;
  /** Passages of the scope holding the word. */
  passages: number;
  /** Whether the two share their English stem ("kinetic", "kinetics"): the typed word is no typo. */
  sameStem: boolean;
}

/** A word of a question: in how many of a scope's passages it is, and which of the asked ones hold it. */
export interface WordPresence {
  word: string;
  passages: number;
  holders: number[];
}

/** pgvector's text form of a vector: `[0.1,0.2,...]`. */
export const vectorLiteral = (vector: readonly number[]) => `[${vector.join(",")}]`;

export const column = (kind: PassageSourceKind, alias: string) => sql.raw(`${alias}.${SOURCE_COLUMN[kind]}`);

export const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The rows of `alias` (passage or passage_embedding) a scope covers. */
export function inScope(scope: PassageScope, alias: string): SQL {
  const source = column(scope.kind, alias);
  const owners =
    scope.owners.length === 1
      ? sql`${sql.raw(alias)}.faculty_id = ${scope.owners[0]}`
      : sql`${sql.raw(alias)}.faculty_id in (${idList(scope.owners)})`;
  const chosen = scope.sources ? sql` and ${source} in (${scope.sources})` : sql``;
  return sql`${owners} and ${source} is not null${chosen}`;
}

/** The tsquery of a search: websearch syntax, or any of the words (plainto's terms joined by OR). */
export const tsQuery = (query: string, match: PassageMatch = "web") =>
  match === "web"
    ? sql`websearch_to_tsquery('english', ${query})`
    : sql`replace(plainto_tsquery('english', ${query})::text, ' & ', ' | ')::tsquery`;
