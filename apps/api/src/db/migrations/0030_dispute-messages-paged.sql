DROP INDEX "dispute_messages_dispute_idx";--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute_idx" ON "dispute_messages" USING btree ("dispute_id","created_at","id");