ALTER TABLE "submission" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_team_version_idx" ON "submission" USING btree ("milestone_id","team_id","version");--> statement-breakpoint
CREATE INDEX "submission_team_idx" ON "submission" USING btree ("team_id");