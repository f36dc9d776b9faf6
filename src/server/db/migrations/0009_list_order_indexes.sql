-- The indexes in the order the lists ask for (ORDER BY x DESC means NULLS FIRST; an index
-- built DESC NULLS LAST cannot serve it, so every page sorted all its rows), the own e-mail of
-- Student Collaboration, and the featured templates.
DROP INDEX "analytics_event_faculty_created_idx";--> statement-breakpoint
DROP INDEX "contribution_project_idx";--> statement-breakpoint
DROP INDEX "contribution_owner_idx";--> statement-breakpoint
DROP INDEX "objective_conversion_faculty_idx";--> statement-breakpoint
DROP INDEX "project_faculty_idx";--> statement-breakpoint
DROP INDEX "project_faculty_updated_idx";--> statement-breakpoint
CREATE INDEX "contribution_owner_email_idx" ON "contribution" USING btree ("project_owner_id",lower("student_email"));--> statement-breakpoint
CREATE INDEX "template_featured_idx" ON "template" USING btree ("status") WHERE "template"."is_featured";--> statement-breakpoint
CREATE INDEX "analytics_event_faculty_created_idx" ON "analytics_event" USING btree ("faculty_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contribution_project_idx" ON "contribution" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contribution_owner_idx" ON "contribution" USING btree ("project_owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "objective_conversion_faculty_idx" ON "objective_conversion" USING btree ("faculty_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_faculty_idx" ON "project" USING btree ("faculty_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_faculty_updated_idx" ON "project" USING btree ("faculty_id","updated_at" DESC NULLS FIRST);