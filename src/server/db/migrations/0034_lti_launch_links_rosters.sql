CREATE TABLE "lti_identity" (
	"platform_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"faculty_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_identity_platform_id_subject_pk" PRIMARY KEY("platform_id","subject")
);
--> statement-breakpoint
CREATE TABLE "lti_launch" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"faculty_id" integer NOT NULL,
	"claims" jsonb NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_launch_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "lti_login_state" (
	"state" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_project_link" (
	"id" uuid PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"context_id" text NOT NULL,
	"context_title" text,
	"resource_link_id" text NOT NULL,
	"project_id" integer NOT NULL,
	"memberships_url" text,
	"line_items_url" text,
	"line_item_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_registration_invitation" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"institution" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"platform_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_score_send" (
	"link_id" uuid NOT NULL,
	"student_id" integer NOT NULL,
	"score" integer NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_score_send_link_id_student_id_pk" PRIMARY KEY("link_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "enrolment" ADD COLUMN "source" text DEFAULT 'join-code' NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_identity" ADD CONSTRAINT "lti_identity_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_identity" ADD CONSTRAINT "lti_identity_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch" ADD CONSTRAINT "lti_launch_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch" ADD CONSTRAINT "lti_launch_faculty_id_faculty_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login_state" ADD CONSTRAINT "lti_login_state_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_project_link" ADD CONSTRAINT "lti_project_link_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_project_link" ADD CONSTRAINT "lti_project_link_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_invitation" ADD CONSTRAINT "lti_registration_invitation_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_send" ADD CONSTRAINT "lti_score_send_link_id_lti_project_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."lti_project_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_send" ADD CONSTRAINT "lti_score_send_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_identity_faculty_idx" ON "lti_identity" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "lti_launch_expires_idx" ON "lti_launch" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_launch_faculty_idx" ON "lti_launch" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "lti_launch_platform_idx" ON "lti_launch" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_login_state_expires_idx" ON "lti_login_state" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_login_state_platform_idx" ON "lti_login_state" USING btree ("platform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_project_link_resource_unique" ON "lti_project_link" USING btree ("platform_id","deployment_id","resource_link_id");--> statement-breakpoint
CREATE INDEX "lti_project_link_project_idx" ON "lti_project_link" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "lti_registration_invitation_platform_idx" ON "lti_registration_invitation" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_score_send_student_idx" ON "lti_score_send" USING btree ("student_id");