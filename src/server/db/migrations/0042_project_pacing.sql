CREATE TABLE "project_pacing" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"fitted_scheduling" boolean DEFAULT true NOT NULL,
	"readiness" boolean DEFAULT true NOT NULL,
	"suggestions" boolean DEFAULT true NOT NULL,
	"launch_waits_for_readiness" boolean DEFAULT false NOT NULL,
	"launch_date" timestamp with time zone,
	"readiness_threshold" double precision DEFAULT 0.8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_pacing" ADD CONSTRAINT "project_pacing_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;