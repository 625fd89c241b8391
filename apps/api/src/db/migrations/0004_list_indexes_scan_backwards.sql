DROP INDEX "products_public_newest_idx";--> statement-breakpoint
DROP INDEX "products_public_category_idx";--> statement-breakpoint
DROP INDEX "products_owner_idx";--> statement-breakpoint
DROP INDEX "products_status_idx";--> statement-breakpoint
CREATE INDEX "products_public_newest_idx" ON "products" USING btree ("created_at","id") WHERE "products"."status" = 'approved' and "products"."is_available";--> statement-breakpoint
CREATE INDEX "products_public_category_idx" ON "products" USING btree ("category","created_at","id") WHERE "products"."status" = 'approved' and "products"."is_available";--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","created_at","id");