-- Class figures: the missed reviews of a class (enrolled students' schedule rows that
-- fell due in the last 30 days, still unreviewed) read each student's rows in the window from this
-- index instead of every row of the class; the enrolment key's cascade still reads its prefix.
DROP INDEX "student_schedule_project_idx";--> statement-breakpoint
CREATE INDEX "student_schedule_project_idx" ON "student_schedule" USING btree ("project_id","student_id","due");