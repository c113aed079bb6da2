ALTER TABLE "products" ADD COLUMN "targets" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "formulation_flags" jsonb;