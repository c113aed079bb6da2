ALTER TABLE "analyses" ADD COLUMN "computed_on" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "analyse_on_device" boolean DEFAULT false NOT NULL;