CREATE TABLE "class_adherence_quarter" (
	"project_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"due_quarter" integer NOT NULL,
	"outcome" smallint NOT NULL,
	"lag_quarters" smallint NOT NULL,
	"reviews" integer NOT NULL,
	CONSTRAINT "class_adherence_quarter_pk" PRIMARY KEY("project_id","student_id","due_quarter","outcome","lag_quarters")
);
--> statement-breakpoint
ALTER TABLE "class_adherence_quarter" ADD CONSTRAINT "class_adherence_quarter_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_adherence_quarter" ADD CONSTRAINT "class_adherence_quarter_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Class figures: class_adherence_quarter counts the student_review rows that fell due
-- (previous_state <> 0) per project, student, quarter hour of the due and outcome, kept by statement
-- triggers (transition tables: one statement per insert or delete, however many rows, cascades
-- included). The outcome is the one the adherence query decides without a zone: 0 reviewed on or
-- before the due, 2 reviewed 26 hours or more after it, 1 in between (lag_quarters: the review's
-- quarter minus the due's, for the local-day check). Decrements never insert, so a cascade that
-- already removed the sums (project or account deletion) leaves nothing behind.
CREATE FUNCTION class_adherence_outcome(reviewed timestamptz, due timestamptz) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN reviewed <= due THEN 0 WHEN reviewed >= due + interval '26 hours' THEN 2 ELSE 1 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION class_adherence_quarter_of(instant timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM instant) / 900)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION class_adherence_lag(reviewed timestamptz, due timestamptz) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN class_adherence_outcome(reviewed, due) = 1
    THEN class_adherence_quarter_of(reviewed) - class_adherence_quarter_of(due) ELSE 0 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION class_adherence_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- Sums that lose all their reviews go, the others go down (two disjoint sets of rows).
    WITH gone AS (
      SELECT project_id, student_id, class_adherence_quarter_of(due_at) AS due_quarter,
        class_adherence_outcome(reviewed_at, due_at) AS outcome,
        class_adherence_lag(reviewed_at, due_at) AS lag_quarters, count(*)::int AS n
      FROM deleted_reviews WHERE previous_state <> 0 GROUP BY 1, 2, 3, 4, 5
    ), emptied AS (
      DELETE FROM class_adherence_quarter AS sums USING gone
      WHERE sums.project_id = gone.project_id AND sums.student_id = gone.student_id
        AND sums.due_quarter = gone.due_quarter AND sums.outcome = gone.outcome
        AND sums.lag_quarters = gone.lag_quarters AND sums.reviews <= gone.n
      RETURNING 1
    )
    UPDATE class_adherence_quarter AS sums SET reviews = sums.reviews - gone.n
    FROM gone
    WHERE sums.project_id = gone.project_id AND sums.student_id = gone.student_id
      AND sums.due_quarter = gone.due_quarter AND sums.outcome = gone.outcome
      AND sums.lag_quarters = gone.lag_quarters AND sums.reviews > gone.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO class_adherence_quarter (project_id, student_id, due_quarter, outcome, lag_quarters, reviews)
    SELECT project_id, student_id, class_adherence_quarter_of(due_at), class_adherence_outcome(reviewed_at, due_at),
      class_adherence_lag(reviewed_at, due_at), count(*)::int
    FROM inserted_reviews WHERE previous_state <> 0 GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (project_id, student_id, due_quarter, outcome, lag_quarters)
      DO UPDATE SET reviews = class_adherence_quarter.reviews + excluded.reviews;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_review_adherence_insert AFTER INSERT ON student_review
  REFERENCING NEW TABLE AS inserted_reviews FOR EACH STATEMENT EXECUTE FUNCTION class_adherence_count();
--> statement-breakpoint
CREATE TRIGGER student_review_adherence_delete AFTER DELETE ON student_review
  REFERENCING OLD TABLE AS deleted_reviews FOR EACH STATEMENT EXECUTE FUNCTION class_adherence_count();
--> statement-breakpoint
CREATE TRIGGER student_review_adherence_update AFTER UPDATE ON student_review
  REFERENCING OLD TABLE AS deleted_reviews NEW TABLE AS inserted_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION class_adherence_count();
--> statement-breakpoint
INSERT INTO class_adherence_quarter (project_id, student_id, due_quarter, outcome, lag_quarters, reviews)
SELECT project_id, student_id, class_adherence_quarter_of(due_at), class_adherence_outcome(reviewed_at, due_at),
  class_adherence_lag(reviewed_at, due_at), count(*)::int
FROM student_review WHERE previous_state <> 0 GROUP BY 1, 2, 3, 4, 5;
