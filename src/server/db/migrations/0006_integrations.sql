CREATE TABLE "integration_connection" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_connection_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"integration_id" text NOT NULL,
	"faculty_id" integer NOT NULL,
	"institution" text NOT NULL,
	"is_admin_managed" boolean DEFAULT false NOT NULL,
	"endpoint" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_key_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_connection" ADD CONSTRAINT "integration_connection_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_personal_unique" ON "integration_connection" USING btree ("faculty_id","integration_id") WHERE "integration_connection"."is_admin_managed" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_admin_unique" ON "integration_connection" USING btree ("institution","integration_id") WHERE "integration_connection"."is_admin_managed" = true;--> statement-breakpoint
CREATE INDEX "integration_faculty_idx" ON "integration_connection" USING btree ("faculty_id");