CREATE TABLE "roster_removal" (
	"project_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_removal_project_id_student_id_pk" PRIMARY KEY("project_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "roster_removal" ADD CONSTRAINT "roster_removal_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_removal" ADD CONSTRAINT "roster_removal_student_id_faculty_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."faculty"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_removal_student_idx" ON "roster_removal" USING btree ("student_id");