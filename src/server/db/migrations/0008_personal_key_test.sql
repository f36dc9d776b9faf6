ALTER TABLE "faculty_setting" ADD COLUMN "openai_key_test_valid" boolean;--> statement-breakpoint
ALTER TABLE "faculty_setting" ADD COLUMN "openai_key_tested_at" timestamp with time zone;