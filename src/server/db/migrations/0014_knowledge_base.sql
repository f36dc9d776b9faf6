CREATE TABLE "knowledge_entry" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"upload_id" uuid,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"file_type" text DEFAULT 'text' NOT NULL,
	"file_url" text,
	"object_key" text,
	"mime_type" text,
	"file_size" integer DEFAULT 0 NOT NULL,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags_text" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(title, '<>&', E'\x03\x04\x05')), 'A') || setweight(to_tsvector('english', translate(tags_text, '<>&', E'\x03\x04\x05')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_entry_status_check" CHECK ("knowledge_entry"."status" in ('pending', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "passage" ADD COLUMN "knowledge_entry_id" integer;--> statement-breakpoint
ALTER TABLE "knowledge_entry" ADD CONSTRAINT "knowledge_entry_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_entry" ADD CONSTRAINT "knowledge_entry_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_entry_upload_idx" ON "knowledge_entry" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "knowledge_entry_faculty_created_idx" ON "knowledge_entry" USING btree ("faculty_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "knowledge_entry_search_vector_idx" ON "knowledge_entry" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_entry_tags_idx" ON "knowledge_entry" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "knowledge_entry_labels_trgm_idx" ON "knowledge_entry" USING gin (lower("title" || ' ' || "tags_text") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "passage" ADD CONSTRAINT "passage_knowledge_entry_id_knowledge_entry_id_fk" FOREIGN KEY ("knowledge_entry_id") REFERENCES "public"."knowledge_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passage_knowledge_entry_idx" ON "passage" USING btree ("knowledge_entry_id","passage_index");--> statement-breakpoint
ALTER TABLE "passage" ADD CONSTRAINT "passage_one_source_check" CHECK (num_nonnulls("passage"."document_id", "passage"."knowledge_entry_id") = 1);--> statement-breakpoint
-- The embeddings' table (0012, only where pgvector is) names its passage's source too, so that a
-- semantic search reads knowledge passages or document passages without the passage rows.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = 'passage_embedding'
  ) THEN
    EXECUTE 'ALTER TABLE "passage_embedding" ADD COLUMN "knowledge_entry_id" integer REFERENCES "knowledge_entry"("id") ON DELETE CASCADE';
    EXECUTE 'ALTER TABLE "passage_embedding" ADD CONSTRAINT "passage_embedding_one_source_check" CHECK (num_nonnulls("document_id", "knowledge_entry_id") = 1)';
  END IF;
END
$$;
