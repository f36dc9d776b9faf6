CREATE TABLE "scheduling_fit" (
	"project_id" integer NOT NULL,
	"student_id" integer DEFAULT 0 NOT NULL,
	"parameters" double precision[],
	"fitted_at" timestamp with time zone,
	"reviews" integer DEFAULT 0 NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"held_out_reviews" integer DEFAULT 0 NOT NULL,
	"default_log_loss" double precision,
	"default_rmse" double precision,
	"fitted_log_loss" double precision,
	"fitted_rmse" double precision,
	"outcome" text,
	"reason" text,
	"attempted_at" timestamp with time zone,
	"job_id" text,
	CONSTRAINT "scheduling_fit_project_id_student_id_pk" PRIMARY KEY("project_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "scheduling_fit" ADD CONSTRAINT "scheduling_fit_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The review path reads a project's scheduling (its fitted parameters, whether they are switched on,
-- its launch) from the practice catalogue in memory: a change of any of them raises the counter.
CREATE FUNCTION practice_catalogue_scheduling_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_practice_catalogue(OLD.project_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
    PERFORM bump_practice_catalogue(NEW.project_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_fit_insert_delete AFTER INSERT OR DELETE ON scheduling_fit
  FOR EACH ROW EXECUTE FUNCTION practice_catalogue_scheduling_changed();
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_fit_update AFTER UPDATE ON scheduling_fit
  FOR EACH ROW WHEN (OLD.parameters IS DISTINCT FROM NEW.parameters)
  EXECUTE FUNCTION practice_catalogue_scheduling_changed();
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_pacing_insert_delete AFTER INSERT OR DELETE ON project_pacing
  FOR EACH ROW EXECUTE FUNCTION practice_catalogue_scheduling_changed();
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_pacing_update AFTER UPDATE ON project_pacing
  FOR EACH ROW WHEN (
    OLD.fitted_scheduling IS DISTINCT FROM NEW.fitted_scheduling
    OR OLD.launch_date IS DISTINCT FROM NEW.launch_date)
  EXECUTE FUNCTION practice_catalogue_scheduling_changed();
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_launch_insert_delete AFTER INSERT OR DELETE ON milestone
  FOR EACH ROW EXECUTE FUNCTION practice_catalogue_scheduling_changed();
--> statement-breakpoint
CREATE TRIGGER practice_catalogue_launch_update AFTER UPDATE ON milestone
  FOR EACH ROW WHEN (
    OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.stage IS DISTINCT FROM NEW.stage
    OR OLD.due_at IS DISTINCT FROM NEW.due_at)
  EXECUTE FUNCTION practice_catalogue_scheduling_changed();
