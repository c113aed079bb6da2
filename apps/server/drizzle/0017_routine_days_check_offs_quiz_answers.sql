CREATE TABLE "routine_check_offs" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"session" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routine_check_offs_user_id_day_session_pk" PRIMARY KEY("user_id","day","session")
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "routine_products" ADD COLUMN "days" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "routine_check_offs" ADD CONSTRAINT "routine_check_offs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;