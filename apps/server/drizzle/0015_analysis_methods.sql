ALTER TABLE "analyses" ADD COLUMN "methods" jsonb;--> statement-breakpoint
-- Decision 037: which method measured each metric ({"acne": 1, "radiance": 2, ...}). Rows stored
-- before this column were all measured with the first methods and are read as 1 for every metric.
COMMENT ON COLUMN "analyses"."methods" IS 'Method version per metric (decision 037); null = 1 for every metric';
