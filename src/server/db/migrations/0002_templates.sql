CREATE TABLE "template_seed" (
	"seed_key" text PRIMARY KEY NOT NULL,
	"template_id" integer,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"discipline" text NOT NULL,
	"category" text NOT NULL,
	"difficulty_level" text NOT NULL,
	"status" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"estimated_duration" text NOT NULL,
	"color" text NOT NULL,
	"icon" text NOT NULL,
	"content" jsonb NOT NULL,
	"learning_outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"implementation_tips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" integer,
	"rejection_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', replace(coalesce(discipline, ''), '-', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(search_text, '')), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_author_id_faculty_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."faculty"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_seed_template_idx" ON "template_seed" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "template_search_vector_idx" ON "template" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "template_name_trgm_idx" ON "template" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "template_status_idx" ON "template" USING btree ("status","discipline");--> statement-breakpoint
CREATE INDEX "template_author_idx" ON "template" USING btree ("author_id");