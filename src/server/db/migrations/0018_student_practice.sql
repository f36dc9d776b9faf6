CREATE TABLE "student_card_mastery" (
	"student_id" integer NOT NULL,
	"pivot_card_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"mastery" double precision NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_card_mastery_student_id_pivot_card_id_pk" PRIMARY KEY("student_id","pivot_card_id")
);
--> statement-breakpoint
CREATE TABLE "student_review" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"previous_state" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_schedule" (
	"student_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "student_schedule_student_id_item_id_pk" PRIMARY KEY("student_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "cognitive_load_check_in" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "student_card_mastery" ADD CONSTRAINT "student_card_mastery_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_card_mastery" ADD CONSTRAINT "student_card_mastery_pivot_card_id_pivot_card_id_fk" FOREIGN KEY ("pivot_card_id") REFERENCES "public"."pivot_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_card_mastery" ADD CONSTRAINT "student_card_mastery_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_review" ADD CONSTRAINT "student_review_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_review" ADD CONSTRAINT "student_review_item_id_retrieval_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."retrieval_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_review" ADD CONSTRAINT "student_review_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_schedule" ADD CONSTRAINT "student_schedule_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_schedule" ADD CONSTRAINT "student_schedule_item_id_retrieval_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."retrieval_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_schedule" ADD CONSTRAINT "student_schedule_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_card_mastery_project_idx" ON "student_card_mastery" USING btree ("project_id","pivot_card_id");--> statement-breakpoint
CREATE INDEX "student_review_student_idx" ON "student_review" USING btree ("student_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "student_review_project_idx" ON "student_review" USING btree ("project_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "student_review_project_due_idx" ON "student_review" USING btree ("project_id","due_at");--> statement-breakpoint
CREATE INDEX "student_schedule_due_idx" ON "student_schedule" USING btree ("student_id","due");--> statement-breakpoint
CREATE INDEX "student_schedule_item_idx" ON "student_schedule" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "student_schedule_project_idx" ON "student_schedule" USING btree ("project_id","student_id");--> statement-breakpoint
ALTER TABLE "cognitive_load_check_in" ADD CONSTRAINT "cognitive_load_check_in_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cognitive_load_student_idx" ON "cognitive_load_check_in" USING btree ("student_id","created_at");