CREATE TABLE "faculty_setting" (
	"faculty_id" integer PRIMARY KEY NOT NULL,
	"openai_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objective_conversion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "objective_conversion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"faculty_id" integer NOT NULL,
	"discipline" text NOT NULL,
	"original_objective" text NOT NULL,
	"converted_framework" text NOT NULL,
	"source" text NOT NULL,
	"feedback_rating" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"name" text PRIMARY KEY NOT NULL,
	"value_sealed" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faculty_setting" ADD CONSTRAINT "faculty_setting_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_conversion" ADD CONSTRAINT "objective_conversion_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_setting" ADD CONSTRAINT "system_setting_updated_by_faculty_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."faculty"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objective_conversion_faculty_idx" ON "objective_conversion" USING btree ("faculty_id","created_at" DESC NULLS LAST);