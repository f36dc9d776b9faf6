-- Embeddings move to their own narrow table with the sign bits of each (pgvector's binary_quantize:
-- 192 bytes; the 6 KB vector itself goes to TOAST), so that a semantic search reads a person's
-- rows of about 250 bytes, orders them by the Hamming distance of their bits to the query's, and
-- computes the exact cosine distance only for the nearest few hundred. Reading the passage rows
-- themselves (text and tsvector: several KB each) for 5,000 passages took about 250 ms on PGlite
-- (docs/decisions/0047-passage-index-and-document-search.md). Only where migration 0011 made the embedding
-- column (pgvector).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'passage' AND column_name = 'embedding'
  ) THEN
    EXECUTE 'CREATE TABLE "passage_embedding" (
      "passage_id" integer PRIMARY KEY REFERENCES "passage"("id") ON DELETE CASCADE,
      "faculty_id" integer NOT NULL,
      "document_id" integer,
      "embedding" vector(1536) NOT NULL,
      "bits" bit(1536) GENERATED ALWAYS AS (binary_quantize("embedding")::bit(1536)) STORED
    )';
    EXECUTE 'CREATE INDEX "passage_embedding_faculty_idx" ON "passage_embedding" ("faculty_id")';
    EXECUTE 'INSERT INTO "passage_embedding" ("passage_id", "faculty_id", "document_id", "embedding")
      SELECT "id", "faculty_id", "document_id", "embedding" FROM "passage" WHERE "embedding" IS NOT NULL';
    EXECUTE 'ALTER TABLE "passage" DROP COLUMN "embedding"';
  END IF;
END
$$;
