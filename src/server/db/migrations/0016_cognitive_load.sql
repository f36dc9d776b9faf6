CREATE TABLE "cognitive_load_check_in" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cognitive_load_check_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"project_owner_id" integer NOT NULL,
	"context" text NOT NULL,
	"mental_effort" smallint NOT NULL,
	"intrinsic_items" smallint[] NOT NULL,
	"extraneous_items" smallint[] NOT NULL,
	"germane_items" smallint[] NOT NULL,
	"intrinsic_load" double precision NOT NULL,
	"extraneous_load" double precision NOT NULL,
	"germane_load" double precision NOT NULL,
	"technostress" smallint NOT NULL,
	"interruptions" integer NOT NULL,
	"task_minutes" integer NOT NULL,
	"refocus_minutes" double precision NOT NULL,
	"remark" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cognitive_load_day" (
	"project_owner_id" integer NOT NULL,
	"context" text NOT NULL,
	"day" date NOT NULL,
	"responses" integer NOT NULL,
	"mental_effort" bigint NOT NULL,
	"intrinsic_load" double precision NOT NULL,
	"extraneous_load" double precision NOT NULL,
	"germane_load" double precision NOT NULL,
	"technostress" bigint NOT NULL,
	"interruptions" bigint NOT NULL,
	"task_minutes" bigint NOT NULL,
	"refocus_minutes" double precision NOT NULL,
	"held_interruptions" integer NOT NULL,
	"held_extraneous" integer NOT NULL,
	"held_effort" integer NOT NULL,
	"held_technostress" integer NOT NULL,
	"held_refocus" integer NOT NULL,
	CONSTRAINT "cognitive_load_day_project_owner_id_day_context_pk" PRIMARY KEY("project_owner_id","day","context")
);
--> statement-breakpoint
CREATE TABLE "cognitive_load_setting" (
	"faculty_id" integer PRIMARY KEY NOT NULL,
	"semester_start" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cognitive_load_check_in" ADD CONSTRAINT "cognitive_load_check_in_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cognitive_load_check_in" ADD CONSTRAINT "cognitive_load_check_in_project_owner_id_faculty_id_fk" FOREIGN KEY ("project_owner_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cognitive_load_day" ADD CONSTRAINT "cognitive_load_day_project_owner_id_faculty_id_fk" FOREIGN KEY ("project_owner_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cognitive_load_setting" ADD CONSTRAINT "cognitive_load_setting_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cognitive_load_owner_idx" ON "cognitive_load_check_in" USING btree ("project_owner_id","created_at");--> statement-breakpoint
CREATE INDEX "cognitive_load_project_idx" ON "cognitive_load_check_in" USING btree ("project_id","created_at");--> statement-breakpoint
-- The per-day sums of each instructor's check-ins (cognitive_load_day), kept here for every insert
-- and delete, including the deletes a project's or an account's removal cascades to. Check-ins are
-- never updated. A delete only updates (never inserts): the day row may already be gone when an
-- account's removal cascades to both tables.
CREATE FUNCTION "cognitive_load_day_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "cognitive_load_day" AS d ("project_owner_id", "context", "day", "responses", "mental_effort",
      "intrinsic_load", "extraneous_load", "germane_load", "technostress", "interruptions", "task_minutes",
      "refocus_minutes", "held_interruptions", "held_extraneous", "held_effort", "held_technostress", "held_refocus")
    VALUES (NEW."project_owner_id", NEW."context", (NEW."created_at" AT TIME ZONE 'UTC')::date, 1, NEW."mental_effort",
      NEW."intrinsic_load", NEW."extraneous_load", NEW."germane_load", NEW."technostress", NEW."interruptions",
      NEW."task_minutes", NEW."refocus_minutes",
      (NEW."interruptions" * 60 > 6 * NEW."task_minutes")::int, (NEW."extraneous_load" > 5)::int,
      (NEW."mental_effort" >= 8)::int, (NEW."technostress" >= 6)::int, (NEW."refocus_minutes" > 5)::int)
    ON CONFLICT ("project_owner_id", "day", "context") DO UPDATE SET
      "responses" = d."responses" + 1,
      "mental_effort" = d."mental_effort" + EXCLUDED."mental_effort",
      "intrinsic_load" = d."intrinsic_load" + EXCLUDED."intrinsic_load",
      "extraneous_load" = d."extraneous_load" + EXCLUDED."extraneous_load",
      "germane_load" = d."germane_load" + EXCLUDED."germane_load",
      "technostress" = d."technostress" + EXCLUDED."technostress",
      "interruptions" = d."interruptions" + EXCLUDED."interruptions",
      "task_minutes" = d."task_minutes" + EXCLUDED."task_minutes",
      "refocus_minutes" = d."refocus_minutes" + EXCLUDED."refocus_minutes",
      "held_interruptions" = d."held_interruptions" + EXCLUDED."held_interruptions",
      "held_extraneous" = d."held_extraneous" + EXCLUDED."held_extraneous",
      "held_effort" = d."held_effort" + EXCLUDED."held_effort",
      "held_technostress" = d."held_technostress" + EXCLUDED."held_technostress",
      "held_refocus" = d."held_refocus" + EXCLUDED."held_refocus";
  ELSE
    UPDATE "cognitive_load_day" SET
      "responses" = "responses" - 1,
      "mental_effort" = "mental_effort" - OLD."mental_effort",
      "intrinsic_load" = "intrinsic_load" - OLD."intrinsic_load",
      "extraneous_load" = "extraneous_load" - OLD."extraneous_load",
      "germane_load" = "germane_load" - OLD."germane_load",
      "technostress" = "technostress" - OLD."technostress",
      "interruptions" = "interruptions" - OLD."interruptions",
      "task_minutes" = "task_minutes" - OLD."task_minutes",
      "refocus_minutes" = "refocus_minutes" - OLD."refocus_minutes",
      "held_interruptions" = "held_interruptions" - (OLD."interruptions" * 60 > 6 * OLD."task_minutes")::int,
      "held_extraneous" = "held_extraneous" - (OLD."extraneous_load" > 5)::int,
      "held_effort" = "held_effort" - (OLD."mental_effort" >= 8)::int,
      "held_technostress" = "held_technostress" - (OLD."technostress" >= 6)::int,
      "held_refocus" = "held_refocus" - (OLD."refocus_minutes" > 5)::int
    WHERE "project_owner_id" = OLD."project_owner_id" AND "context" = OLD."context"
      AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date;
    DELETE FROM "cognitive_load_day" WHERE "project_owner_id" = OLD."project_owner_id" AND "context" = OLD."context"
      AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date AND "responses" <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cognitive_load_day_count" AFTER INSERT OR DELETE ON "cognitive_load_check_in"
  FOR EACH ROW EXECUTE FUNCTION "cognitive_load_day_count"();
