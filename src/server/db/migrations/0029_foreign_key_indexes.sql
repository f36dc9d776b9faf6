-- Every foreign key gets an index leading with its column, so that deleting the row it points at
-- (a template, a card, a project, an item) finds the rows that refer to it without scanning their
-- whole table: a template's deletion scanned every project
-- (docs/decisions/0019-every-foreign-key-indexed.md).
CREATE INDEX "class_adherence_quarter_student_idx" ON "class_adherence_quarter" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "pivot_card_project_idx" ON "pivot_card" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_template_idx" ON "project" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "search_word_faculty_idx" ON "search_word" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "student_card_mastery_card_idx" ON "student_card_mastery" USING btree ("pivot_card_id");--> statement-breakpoint
CREATE INDEX "student_review_item_idx" ON "student_review" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "system_setting_updated_by_idx" ON "system_setting" USING btree ("updated_by");--> statement-breakpoint
-- The embeddings' table exists only where pgvector is (0012, 0014).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = 'passage_embedding'
  ) THEN
    EXECUTE 'CREATE INDEX "passage_embedding_knowledge_entry_idx" ON "passage_embedding" ("knowledge_entry_id")';
  END IF;
END
$$;
