ALTER TABLE "student_card_mastery" DROP CONSTRAINT "student_card_mastery_student_id_faculty_id_fk";
--> statement-breakpoint
ALTER TABLE "student_card_mastery" DROP CONSTRAINT "student_card_mastery_project_id_project_id_fk";
--> statement-breakpoint
ALTER TABLE "student_review" DROP CONSTRAINT "student_review_student_id_faculty_id_fk";
--> statement-breakpoint
ALTER TABLE "student_review" DROP CONSTRAINT "student_review_project_id_project_id_fk";
--> statement-breakpoint
ALTER TABLE "student_schedule" DROP CONSTRAINT "student_schedule_student_id_faculty_id_fk";
--> statement-breakpoint
ALTER TABLE "student_schedule" DROP CONSTRAINT "student_schedule_project_id_project_id_fk";
--> statement-breakpoint
-- A student's practice rows belong to their enrolment in the project (student-practice.table.ts):
-- first remove any row a review wrote while its student was leaving (the reviews' deletion keeps
-- class_adherence_quarter's sums through its triggers), then key the rows to the enrolment.
DELETE FROM "student_card_mastery" AS row WHERE NOT EXISTS (SELECT 1 FROM "enrolment" WHERE "enrolment"."project_id" = row."project_id" AND "enrolment"."student_id" = row."student_id");
--> statement-breakpoint
DELETE FROM "student_review" AS row WHERE NOT EXISTS (SELECT 1 FROM "enrolment" WHERE "enrolment"."project_id" = row."project_id" AND "enrolment"."student_id" = row."student_id");
--> statement-breakpoint
DELETE FROM "student_schedule" AS row WHERE NOT EXISTS (SELECT 1 FROM "enrolment" WHERE "enrolment"."project_id" = row."project_id" AND "enrolment"."student_id" = row."student_id");
--> statement-breakpoint
ALTER TABLE "student_card_mastery" ADD CONSTRAINT "student_card_mastery_enrolment_fk" FOREIGN KEY ("project_id","student_id") REFERENCES "public"."enrolment"("project_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_review" ADD CONSTRAINT "student_review_enrolment_fk" FOREIGN KEY ("project_id","student_id") REFERENCES "public"."enrolment"("project_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_schedule" ADD CONSTRAINT "student_schedule_enrolment_fk" FOREIGN KEY ("project_id","student_id") REFERENCES "public"."enrolment"("project_id","student_id") ON DELETE cascade ON UPDATE no action;