CREATE TABLE "practice_catalogue_version" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "student_schedule_due_idx";--> statement-breakpoint
ALTER TABLE "practice_catalogue_version" ADD CONSTRAINT "practice_catalogue_version_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What students practise in a project changed: raise its counter (a project being deleted has none).
CREATE FUNCTION bump_practice_catalogue(changed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO practice_catalogue_version (project_id, version)
  SELECT changed, 1 WHERE changed IS NOT NULL AND EXISTS (SELECT 1 FROM project WHERE id = changed)
  ON CONFLICT (project_id) DO UPDATE SET version = practice_catalogue_version.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION practice_catalogue_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_practice_catalogue((SELECT project_id FROM pivot_card WHERE id = OLD.pivot_card_id));
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.pivot_card_id <> OLD.pivot_card_id) THEN
    PERFORM bump_practice_catalogue((SELECT project_id FROM pivot_card WHERE id = NEW.pivot_card_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_item_insert_delete AFTER INSERT OR DELETE ON retrieval_item
  FOR EACH ROW EXECUTE FUNCTION practice_catalogue_item_changed();
--> statement-breakpoint
-- An instructor's own review writes the item's schedule columns: not a change of what students see.
CREATE TRIGGER practice_catalogue_item_update AFTER UPDATE ON retrieval_item
  FOR EACH ROW WHEN (
    OLD.pivot_card_id IS DISTINCT FROM NEW.pivot_card_id OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.question IS DISTINCT FROM NEW.question OR OLD.answer IS DISTINCT FROM NEW.answer
    OR OLD.options IS DISTINCT FROM NEW.options OR OLD.correct_index IS DISTINCT FROM NEW.correct_index
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION practice_catalogue_item_changed();
--> statement-breakpoint
CREATE FUNCTION practice_catalogue_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_practice_catalogue(OLD.project_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
    PERFORM bump_practice_catalogue(NEW.project_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_card_insert_delete AFTER INSERT OR DELETE ON pivot_card
  FOR EACH ROW EXECUTE FUNCTION practice_catalogue_card_changed();
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_card_update AFTER UPDATE ON pivot_card
  FOR EACH ROW WHEN (
    OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.faculty_id IS DISTINCT FROM NEW.faculty_id
    OR OLD.title IS DISTINCT FROM NEW.title OR OLD.discipline IS DISTINCT FROM NEW.discipline)
  EXECUTE FUNCTION practice_catalogue_card_changed();
--> statement-breakpoint
CREATE FUNCTION practice_catalogue_project_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_practice_catalogue(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_project_update AFTER UPDATE ON project
  FOR EACH ROW WHEN (OLD.faculty_id IS DISTINCT FROM NEW.faculty_id OR OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION practice_catalogue_project_changed();
