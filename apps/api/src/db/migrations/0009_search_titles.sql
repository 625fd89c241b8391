CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_public_title_search_idx" ON "products" USING gin ("title_vector") WHERE "products"."status" = 'approved' and "products"."is_available";--> statement-breakpoint
CREATE INDEX "products_public_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops) WHERE "products"."status" = 'approved' and "products"."is_available";