CREATE TABLE "search_word" (
	"faculty_id" integer NOT NULL,
	"document_id" integer,
	"knowledge_entry_id" integer,
	"word" text NOT NULL,
	"passages" integer NOT NULL,
	CONSTRAINT "search_word_one_source_check" CHECK (num_nonnulls("search_word"."document_id", "search_word"."knowledge_entry_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "search_word" ADD CONSTRAINT "search_word_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_word" ADD CONSTRAINT "search_word_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_word" ADD CONSTRAINT "search_word_knowledge_entry_id_knowledge_entry_id_fk" FOREIGN KEY ("knowledge_entry_id") REFERENCES "public"."knowledge_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_word_document_idx" ON "search_word" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "search_word_knowledge_entry_idx" ON "search_word" USING btree ("knowledge_entry_id");--> statement-breakpoint
-- The words of what is indexed already: per source, the words of its passages (and of an entry's
-- title and tags) with the passages holding each, as ts_stat counts them (passage-index.ts refreshWords).
INSERT INTO "search_word" ("faculty_id", "document_id", "knowledge_entry_id", "word", "passages")
SELECT "faculty_id", "document_id", "knowledge_entry_id", "word", count(*)::int
FROM (
	SELECT p."faculty_id", p."document_id", p."knowledge_entry_id", w.lexeme AS "word"
	FROM "passage" p, unnest(to_tsvector('simple', p."content")) w
	UNION ALL
	SELECT k."faculty_id", NULL::int, k."id", w.lexeme
	FROM "knowledge_entry" k, unnest(to_tsvector('simple', k."title" || ' ' || k."tags_text")) w
) words
WHERE char_length("word") >= 3 AND "word" !~ '[[:digit:][:punct:]]'
GROUP BY 1, 2, 3, 4;
