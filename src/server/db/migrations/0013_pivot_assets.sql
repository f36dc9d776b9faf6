CREATE TABLE "pivot_card" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pivot_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"project_id" integer,
	"title" text NOT NULL,
	"discipline" text NOT NULL,
	"definition" text NOT NULL,
	"constraints" text NOT NULL,
	"minimal_example" text NOT NULL,
	"counter_example" text NOT NULL,
	"misconceptions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pivot_discipline" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pivot_discipline_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pivot_setting" (
	"faculty_id" integer PRIMARY KEY NOT NULL,
	"desired_retention" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retrieval_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retrieval_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"pivot_card_id" integer NOT NULL,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"options" jsonb,
	"correct_index" smallint,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retrieval_review" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retrieval_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"previous_state" smallint NOT NULL,
	"previous" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worked_example" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worked_example_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"pivot_card_id" integer NOT NULL,
	"title" text NOT NULL,
	"steps" jsonb NOT NULL,
	"self_explanation_prompts" jsonb NOT NULL,
	"completion_problem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pivot_card" ADD CONSTRAINT "pivot_card_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pivot_card" ADD CONSTRAINT "pivot_card_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pivot_discipline" ADD CONSTRAINT "pivot_discipline_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pivot_setting" ADD CONSTRAINT "pivot_setting_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retrieval_item" ADD CONSTRAINT "retrieval_item_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retrieval_item" ADD CONSTRAINT "retrieval_item_pivot_card_id_pivot_card_id_fk" FOREIGN KEY ("pivot_card_id") REFERENCES "public"."pivot_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retrieval_review" ADD CONSTRAINT "retrieval_review_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retrieval_review" ADD CONSTRAINT "retrieval_review_item_id_retrieval_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."retrieval_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worked_example" ADD CONSTRAINT "worked_example_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worked_example" ADD CONSTRAINT "worked_example_pivot_card_id_pivot_card_id_fk" FOREIGN KEY ("pivot_card_id") REFERENCES "public"."pivot_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pivot_card_faculty_idx" ON "pivot_card" USING btree ("faculty_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "pivot_discipline_value_idx" ON "pivot_discipline" USING btree ("faculty_id","value");--> statement-breakpoint
CREATE INDEX "retrieval_item_due_idx" ON "retrieval_item" USING btree ("faculty_id","due");--> statement-breakpoint
CREATE INDEX "retrieval_item_card_idx" ON "retrieval_item" USING btree ("pivot_card_id");--> statement-breakpoint
CREATE INDEX "retrieval_review_item_idx" ON "retrieval_review" USING btree ("item_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "retrieval_review_faculty_idx" ON "retrieval_review" USING btree ("faculty_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "retrieval_review_faculty_due_idx" ON "retrieval_review" USING btree ("faculty_id","due_at");--> statement-breakpoint
CREATE INDEX "worked_example_faculty_idx" ON "worked_example" USING btree ("faculty_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "worked_example_card_idx" ON "worked_example" USING btree ("pivot_card_id");