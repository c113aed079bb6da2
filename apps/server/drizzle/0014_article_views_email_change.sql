CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_views" DROP CONSTRAINT "post_views_post_id_visitor_day_pk";--> statement-breakpoint
-- Hand-written (decision 035). A reader now counts once per article: keep each reader's first day.
DELETE FROM "post_views" AS v USING "post_views" AS earlier
  WHERE v."post_id" = earlier."post_id" AND v."visitor" = earlier."visitor" AND v."day" > earlier."day";--> statement-breakpoint
-- Visitors' old keys were unsalted hashes of day, IP and user agent; they only served to count a
-- visitor once on their day (the counters keep the totals), so they go rather than stay guessable.
DELETE FROM "post_views" WHERE "visitor" LIKE 'a:%';--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_visitor_pk" PRIMARY KEY("post_id","visitor");--> statement-breakpoint
CREATE TABLE "email_change_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_change_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_tokens_user_idx" ON "email_change_tokens" USING btree ("user_id","created_at");