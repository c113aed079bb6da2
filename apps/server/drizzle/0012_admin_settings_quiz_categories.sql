CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_by_name" text
);
--> statement-breakpoint
ALTER TABLE "quiz_categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;