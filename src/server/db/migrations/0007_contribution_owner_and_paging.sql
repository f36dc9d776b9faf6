-- Lists across a person's projects read one index range (contribution_owner_idx).
ALTER TABLE "contribution" ADD COLUMN "project_owner_id" integer;--> statement-breakpoint
UPDATE "contribution" SET "project_owner_id" = "project"."faculty_id" FROM "project" WHERE "project"."id" = "contribution"."project_id";--> statement-breakpoint
ALTER TABLE "contribution" ALTER COLUMN "project_owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contribution" ADD CONSTRAINT "contribution_project_owner_id_faculty_id_fk" FOREIGN KEY ("project_owner_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contribution_owner_idx" ON "contribution" USING btree ("project_owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "project_faculty_updated_idx" ON "project" USING btree ("faculty_id","updated_at" DESC NULLS LAST);
