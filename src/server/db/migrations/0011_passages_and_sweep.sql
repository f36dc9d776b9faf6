CREATE TABLE "passage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"document_id" integer,
	"passage_index" integer NOT NULL,
	"content" text NOT NULL,
	"char_offset" integer NOT NULL,
	"page_start" integer,
	"page_end" integer,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', translate(content, '<>&', E'\x03\x04\x05'))) STORED
);
--> statement-breakpoint
CREATE TABLE "removed_object" (
	"object_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passage" ADD CONSTRAINT "passage_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passage" ADD CONSTRAINT "passage_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passage_search_vector_idx" ON "passage" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "passage_faculty_idx" ON "passage" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "passage_document_idx" ON "passage" USING btree ("document_id","passage_index");--> statement-breakpoint
-- A passage's tsvector (about 2 KB) stays in its row (MAIN: inline, compressed if it must be), so a
-- search reads no TOAST table for it.
ALTER TABLE "passage" ALTER COLUMN "search_vector" SET STORAGE MAIN;
--> statement-breakpoint
-- Embeddings (custom SQL: drizzle-kit never emits CREATE EXTENSION). Only where the server offers
-- pgvector (PGlite loads it; Debian's PostgreSQL has none): without it there is no embedding column,
-- semantic search is off and full-text search works (ARCHITECTURE). No ANN index: every search is
-- one person's passages, which their faculty_id index finds and an exact scan ranks
-- (docs/decisions/0047-passage-index-and-document-search.md).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    EXECUTE 'CREATE EXTENSION IF NOT EXISTS vector';
    EXECUTE 'ALTER TABLE "passage" ADD COLUMN "embedding" vector(1536)';
  END IF;
END
$$;
--> statement-breakpoint
-- Every deleted upload row leaves its object key for the sweep (an account's removal cascades to
-- its uploads, whose stored objects would otherwise stay forever).
CREATE FUNCTION "upload_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "removed_object" ("object_key") VALUES (OLD."object_key") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "upload_removed" AFTER DELETE ON "upload" FOR EACH ROW EXECUTE FUNCTION "upload_removed"();
