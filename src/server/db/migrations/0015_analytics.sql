CREATE TABLE "analytics_daily" (
	"faculty_id" integer NOT NULL,
	"day" date NOT NULL,
	"event_type" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_daily_faculty_id_day_event_type_pk" PRIMARY KEY("faculty_id","day","event_type")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Analytics: analytics_daily counts analytics_event per person, UTC day and type, kept by statement
-- triggers (transition tables: one upsert per statement, however many rows it wrote).
CREATE FUNCTION analytics_daily_add(faculty integer, at timestamptz, kind text, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_daily (faculty_id, day, event_type, count)
  VALUES (faculty, (at AT TIME ZONE 'UTC')::date, kind, delta)
  ON CONFLICT (faculty_id, day, event_type) DO UPDATE SET count = analytics_daily.count + excluded.count
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_daily_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (faculty_id, day, event_type, count)
  SELECT faculty_id, (created_at AT TIME ZONE 'UTC')::date, event_type, count(*)::int
  FROM inserted_events GROUP BY 1, 2, 3
  ON CONFLICT (faculty_id, day, event_type) DO UPDATE SET count = analytics_daily.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_daily_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_daily AS daily SET count = daily.count - gone.n
  FROM (
    SELECT faculty_id, (created_at AT TIME ZONE 'UTC')::date AS day, event_type, count(*)::int AS n
    FROM deleted_events GROUP BY 1, 2, 3
  ) AS gone
  WHERE daily.faculty_id = gone.faculty_id AND daily.day = gone.day AND daily.event_type = gone.event_type;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_daily_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_daily_add(faculty_id, created_at, event_type, -1) FROM deleted_events;
  PERFORM analytics_daily_add(faculty_id, created_at, event_type, 1) FROM inserted_events;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_event_counted_insert AFTER INSERT ON analytics_event
  REFERENCING NEW TABLE AS inserted_events FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_count_inserted();
--> statement-breakpoint
CREATE TRIGGER analytics_event_counted_delete AFTER DELETE ON analytics_event
  REFERENCING OLD TABLE AS deleted_events FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_count_deleted();
--> statement-breakpoint
CREATE TRIGGER analytics_event_counted_update AFTER UPDATE ON analytics_event
  REFERENCING OLD TABLE AS deleted_events NEW TABLE AS inserted_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_count_updated();
--> statement-breakpoint
INSERT INTO analytics_daily (faculty_id, day, event_type, count)
SELECT faculty_id, (created_at AT TIME ZONE 'UTC')::date, event_type, count(*)::int
FROM analytics_event GROUP BY 1, 2, 3;
