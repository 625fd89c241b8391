ALTER TABLE "listing_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_contact_details" boolean DEFAULT false NOT NULL;