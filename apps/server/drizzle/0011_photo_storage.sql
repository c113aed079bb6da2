CREATE TABLE "photo_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "analysis_photos" DROP CONSTRAINT "analysis_photos_analysis_id_analyses_id_fk";
--> statement-breakpoint
-- Edited by hand: the column is filled from the photo's scan before it becomes NOT NULL.
ALTER TABLE "analysis_photos" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "analysis_photos" SET "user_id" = "analyses"."user_id" FROM "analyses" WHERE "analyses"."id" = "analysis_photos"."analysis_id";--> statement-breakpoint
ALTER TABLE "analysis_photos" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "photo_deletions_due_idx" ON "photo_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "analysis_photos" ADD CONSTRAINT "analysis_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_photos_user_created_idx" ON "analysis_photos" USING btree ("user_id","created_at" DESC NULLS LAST);