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
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_visitor_pk" PRIMARY KEY("post_id","visitor");