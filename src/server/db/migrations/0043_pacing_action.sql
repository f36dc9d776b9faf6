CREATE TABLE "pacing_action" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pacing_action_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"intervention_id" text NOT NULL,
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_label" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"applied_by" integer NOT NULL,
	"before" jsonb,
	"before_responses" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pacing_action" ADD CONSTRAINT "pacing_action_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_action" ADD CONSTRAINT "pacing_action_applied_by_faculty_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pacing_action_project_idx" ON "pacing_action" USING btree ("project_id","applied_at");--> statement-breakpoint
CREATE INDEX "pacing_action_applied_by_idx" ON "pacing_action" USING btree ("applied_by");