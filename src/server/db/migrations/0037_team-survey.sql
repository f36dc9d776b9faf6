CREATE TABLE "team_survey_answer" (
	"project_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"availability" jsonb NOT NULL,
	"underrepresented" boolean,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_survey_answer_project_id_student_id_pk" PRIMARY KEY("project_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "team_survey" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"criteria" jsonb NOT NULL,
	"availability" boolean NOT NULL,
	"min_shared_blocks" integer DEFAULT 0 NOT NULL,
	"ask_underrepresented" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_survey_answer" ADD CONSTRAINT "team_survey_answer_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_survey_answer" ADD CONSTRAINT "team_survey_answer_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_survey" ADD CONSTRAINT "team_survey_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_survey_answer_student_idx" ON "team_survey_answer" USING btree ("student_id");