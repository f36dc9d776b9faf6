-- The day sums (cognitive_load_day) count only the students' check-ins (sources link and student):
-- check-ins the instructor entered (recorded by hand, imported) are their own series, read from the
-- check-ins themselves, and never count toward the privacy threshold of 3
-- (docs/decisions/0046-instructor-entered-check-ins-kept-apart.md). The trigger skips them and the sums
-- are rebuilt without them.
CREATE OR REPLACE FUNCTION "cognitive_load_day_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."source" IN ('instructor', 'import') THEN RETURN NULL; END IF;
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
    IF OLD."source" IN ('instructor', 'import') THEN RETURN NULL; END IF;
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
DELETE FROM "cognitive_load_day";
--> statement-breakpoint
INSERT INTO "cognitive_load_day" ("project_owner_id", "context", "day", "responses", "mental_effort",
  "intrinsic_load", "extraneous_load", "germane_load", "technostress", "interruptions", "task_minutes",
  "refocus_minutes", "held_interruptions", "held_extraneous", "held_effort", "held_technostress", "held_refocus")
SELECT "project_owner_id", "context", ("created_at" AT TIME ZONE 'UTC')::date, count(*), sum("mental_effort"),
  sum("intrinsic_load"), sum("extraneous_load"), sum("germane_load"), sum("technostress"), sum("interruptions"),
  sum("task_minutes"), sum("refocus_minutes"),
  count(*) FILTER (WHERE "interruptions" * 60 > 6 * "task_minutes"), count(*) FILTER (WHERE "extraneous_load" > 5),
  count(*) FILTER (WHERE "mental_effort" >= 8), count(*) FILTER (WHERE "technostress" >= 6),
  count(*) FILTER (WHERE "refocus_minutes" > 5)
FROM "cognitive_load_check_in"
WHERE "source" NOT IN ('instructor', 'import')
GROUP BY 1, 2, 3;
