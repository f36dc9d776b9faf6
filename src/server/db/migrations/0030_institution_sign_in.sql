CREATE TABLE "faculty_identity" (
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"faculty_id" integer NOT NULL,
	"email" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faculty_identity_provider_id_subject_pk" PRIMARY KEY("provider_id","subject")
);
--> statement-breakpoint
CREATE TABLE "identity_provider" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"institution" text NOT NULL,
	"enabled" boolean NOT NULL,
	"email_domains" jsonb NOT NULL,
	"auto_approve" boolean NOT NULL,
	"default_role" text NOT NULL,
	"role_claim" text,
	"instructor_values" jsonb NOT NULL,
	"student_values" jsonb NOT NULL,
	"password_sign_in" boolean NOT NULL,
	"settings" jsonb NOT NULL,
	"client_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"faculty_id" integer,
	"test_result" jsonb,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_flow" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"request_id" text,
	"base_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty_identity" ADD CONSTRAINT "faculty_identity_provider_id_identity_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faculty_identity" ADD CONSTRAINT "faculty_identity_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_code" ADD CONSTRAINT "sso_code_provider_id_identity_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_code" ADD CONSTRAINT "sso_code_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_flow" ADD CONSTRAINT "sso_flow_provider_id_identity_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faculty_identity_faculty_idx" ON "faculty_identity" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "sso_code_provider_idx" ON "sso_code" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sso_code_faculty_idx" ON "sso_code" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "sso_code_expires_idx" ON "sso_code" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_flow_provider_idx" ON "sso_flow" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sso_flow_expires_idx" ON "sso_flow" USING btree ("expires_at");