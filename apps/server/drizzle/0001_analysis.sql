CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analysis_type" text NOT NULL,
	"analysis_source" text NOT NULL,
	"location" text NOT NULL,
	"place" jsonb NOT NULL,
	"environment" jsonb NOT NULL,
	"concerns" text[] NOT NULL,
	"scores" jsonb NOT NULL,
	"overall_score" integer NOT NULL,
	"findings" jsonb NOT NULL,
	"routine" jsonb NOT NULL,
	"recommendation" jsonb NOT NULL,
	"report_text" text NOT NULL,
	"report_source" text NOT NULL,
	"regions" jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"angles" text[] NOT NULL,
	"engine_ms" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_photos" (
	"analysis_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_photos" ADD CONSTRAINT "analysis_photos_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_consents" ADD CONSTRAINT "scan_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_created_idx" ON "analyses" USING btree ("user_id","created_at" DESC NULLS LAST);