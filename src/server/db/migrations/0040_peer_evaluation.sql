CREATE TABLE "peer_evaluation" (
	"milestone_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"show_factor" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_rating" (
	"milestone_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"ratings" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"edited_comment" text,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "peer_rating_milestone_id_rater_id_ratee_id_pk" PRIMARY KEY("milestone_id","rater_id","ratee_id")
);
--> statement-breakpoint
CREATE TABLE "score_override" (
	"milestone_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"reason" text NOT NULL,
	"overridden_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_override_milestone_id_student_id_pk" PRIMARY KEY("milestone_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "peer_evaluation" ADD CONSTRAINT "peer_evaluation_milestone_id_milestone_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestone"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_evaluation" ADD CONSTRAINT "peer_evaluation_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_rating" ADD CONSTRAINT "peer_rating_milestone_id_peer_evaluation_milestone_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."peer_evaluation"("milestone_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_rating" ADD CONSTRAINT "peer_rating_rater_id_faculty_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_rating" ADD CONSTRAINT "peer_rating_ratee_id_faculty_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_override" ADD CONSTRAINT "score_override_milestone_id_milestone_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestone"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_override" ADD CONSTRAINT "score_override_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_evaluation_project_idx" ON "peer_evaluation" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "peer_rating_rater_idx" ON "peer_rating" USING btree ("rater_id");--> statement-breakpoint
CREATE INDEX "peer_rating_ratee_idx" ON "peer_rating" USING btree ("ratee_id");--> statement-breakpoint
CREATE INDEX "score_override_student_idx" ON "score_override" USING btree ("student_id");