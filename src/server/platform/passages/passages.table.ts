import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { cascadingId } from "../../db/columns.ts";
import { documentTable } from "../../modules/documents/documents.table.ts";
import { facultyTable } from "../../modules/faculty/faculty.table.ts";
import { knowledgeEntryTable } from "../../modules/knowledge-base/knowledge-base.table.ts";

/**
 * A passage's text as the full-text parser reads it, in the generated column and in ts_headline
 * alike: PostgreSQL's parser drops what looks like an HTML tag or entity, so `<`, `>` and `&` are
 * read as control characters 3, 4 and 5, which snippets.ts turns back.
 */
export const PASSAGE_TEXT_FOR_SEARCH = "translate(content, '<>&', E'\\x03\\x04\\x05')";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search index: one row per passage of an indexed text. Built for more than documents: a
 * passage names its source in one nullable column per kind (`document_id`, or `knowledge_entry_id`
 * for the knowledge base; a CHECK keeps exactly one set) and its owner in `faculty_id`, which
 * every search filters on. `search_vector` is generated from the content (English), GIN-indexed.
 *
 * The `embedding vector(1536)` column is not declared here: migration 0011 adds it only where the
 * `vector` extension is available (PGlite with pgvector; a PostgreSQL server may lack it), so the
 * repository reaches it in SQL and checks at start-up whether it exists (passage-index.ts).
 */
export const passageTable = pgTable(
  "passage",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    documentId: integer("document_id").references(() => documentTable.id, { onDelete: "cascade" }),
    knowledgeEntryId: integer("knowledge_entry_id").references(() => knowledgeEntryTable.id, {
      onDelete: "cascade",
    }),
    /** 0-based position among its source's passages. */
    passageIndex: integer("passage_index").notNull(),
    content: text("content").notNull(),
    /** Where the passage starts in its source's extracted text (characters). */
    charOffset: integer("char_offset").notNull(),
    pageStart: integer("page_start"),
    pageEnd: integer("page_end"),
    // The text is plain, not markup: < > & become control characters (which extracted text never
    // holds, see PASSAGE_TEXT_FOR_SEARCH) so that the parser reads `<script>` as a word, not a tag.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('english', translate(content, '<>&', E'\\x03\\x04\\x05'))`,
    ),
  },
  (table) => [
    index("passage_search_vector_idx").using("gin", table.searchVector),
    index("passage_faculty_idx").on(table.facultyId),
    index("passage_document_idx").on(table.documentId, table.passageIndex),
    index("passage_knowledge_entry_idx").on(table.knowledgeEntryId, table.passageIndex),
    // One source per passage: a document or a knowledge entry.
    check("passage_one_source_check", sql`num_nonnulls(${table.documentId}, ${table.knowledgeEntryId}) = 1`),
  ],
);

export type PassageRow = typeof passageTable.$inferSelect;
export type NewPassageRow = typeof passageTable.$inferInsert;

/**
 * Typo tolerance's word list (PostgreSQL's recipe, pg_trgm "Text search integration": a table of
 * the corpus's words from ts_stat, searched by trigram similarity): the distinct words of each
 * source's passages (and of a knowledge entry's title and tags), unstemmed ('simple'), with how
 * many of its passages hold each. One row per source and word, so a search suggests only words
 * of the sources it may read (the scope of its passages, passage-index.ts) and a source's words
 * go with it. Refreshed with the source's passages (passage-index.ts `replace`).
 */
export const searchWordTable = pgTable(
  "search_word",
  {
    facultyId: cascadingId("faculty_id", () => facultyTable.id),
    documentId: integer("document_id").references(() => documentTable.id, { onDelete: "cascade" }),
    knowledgeEntryId: integer("knowledge_entry_id").references(() => knowledgeEntryTable.id, {
      onDelete: "cascade",
    }),
    word: text("word").notNull(),
    /** How many of the source's passages hold the word (ts_stat's ndoc). */
    passages: integer("passages").notNull(),
  },
  (table) => [
    index("search_word_trgm_idx").using("gin", sql`${table.word} gin_trgm_ops`),
    index("search_word_faculty_idx").on(table.facultyId),
    index("search_word_document_idx").on(table.documentId),
    index("search_word_knowledge_entry_idx").on(table.knowledgeEntryId),
    check(
      "search_word_one_source_check",
      sql`num_nonnulls(${table.documentId}, ${table.knowledgeEntryId}) = 1`,
    ),
  ],
);
