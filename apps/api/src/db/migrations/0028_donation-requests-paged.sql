DROP INDEX "donation_requests_requester_idx";--> statement-breakpoint
CREATE INDEX "donation_requests_product_idx" ON "donation_requests" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "donation_requests_requester_idx" ON "donation_requests" USING btree ("requester_id","created_at","id");