CREATE TABLE "quiz_player_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_player_totals" ADD CONSTRAINT "quiz_player_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_player_totals_points_idx" ON "quiz_player_totals" USING btree ("points" DESC NULLS LAST,"user_id");--> statement-breakpoint
-- Backfill (hand-written): every player's total so far, from their submitted attempts.
INSERT INTO "quiz_player_totals" ("user_id", "points", "attempts", "updated_at")
SELECT "user_id", coalesce(sum("points_earned"), 0)::int, count(*)::int, max("submitted_at")
FROM "quiz_attempts"
WHERE "submitted_at" IS NOT NULL
GROUP BY "user_id";
