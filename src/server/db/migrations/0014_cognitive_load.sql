CREATE TABLE "cognitive_load_check_in" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cognitive_load_check_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"project_owner_id" integer NOT NULL,
	"context" text NOT NULL,
	"mental_effort" smallint NOT NULL,
	"intrinsic_items" smallint[] NOT NULL,
	"extraneous_items" smallint[] NOT NULL,
	"germane_items" smallint[] NOT NULL,
	"intrinsic_load" double precision NOT NULL,
	"extraneous_load" double precision NOT NULL,
	"germane_load" double precision NOT NULL,
	"technostress" smallint NOT NULL,
	"interruptions" integer NOT NULL,
	"task_minutes" integer NOT NULL,
	"refocus_minutes" double precision NOT NULL,
	"remark" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cognitive_load_setting" (
	"faculty_id" integer PRIMARY KEY NOT NULL,
	"semester_start" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cognitive_load_check_in" ADD CONSTRAINT "cognitive_load_check_in_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cognitive_load_check_in" ADD CONSTRAINT "cognitive_load_check_in_project_owner_id_faculty_id_fk" FOREIGN KEY ("project_owner_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cognitive_load_setting" ADD CONSTRAINT "cognitive_load_setting_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cognitive_load_owner_idx" ON "cognitive_load_check_in" USING btree ("project_owner_id","created_at");--> statement-breakpoint
CREATE INDEX "cognitive_load_project_idx" ON "cognitive_load_check_in" USING btree ("project_id","created_at");