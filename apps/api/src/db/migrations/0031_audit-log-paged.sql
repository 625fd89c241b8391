DROP INDEX "admin_audit_log_product_idx";--> statement-breakpoint
CREATE INDEX "admin_audit_log_product_idx" ON "admin_audit_log" USING btree ("product_id","created_at","id");