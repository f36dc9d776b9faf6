CREATE TABLE "enrolment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "join_code" text;--> statement-breakpoint
-- Hand-written: existing projects get a random code of the alphabet of shared/domain/join-code.ts
-- (the app sets it for new projects); correlated on the row so each project draws its own.
UPDATE "project" SET "join_code" = (SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '') FROM generate_series(1, 8 + 0 * "project"."id"));--> statement-breakpoint
ALTER TABLE "project" ALTER COLUMN "join_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "joining_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment" ADD CONSTRAINT "enrolment_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_project_student_idx" ON "enrolment" USING btree ("project_id","student_id");--> statement-breakpoint
CREATE INDEX "enrolment_student_idx" ON "enrolment" USING btree ("student_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_join_code_idx" ON "project" USING btree ("join_code");