CREATE TABLE "project_design_review" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"rubric_id" integer,
	"rubric_title" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	"overall_comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_design_review" ADD CONSTRAINT "project_design_review_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_design_review" ADD CONSTRAINT "project_design_review_rubric_id_rubric_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubric"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_design_review_rubric_idx" ON "project_design_review" USING btree ("rubric_id");