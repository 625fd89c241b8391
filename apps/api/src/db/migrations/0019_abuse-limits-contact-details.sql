ALTER TABLE "users" ADD COLUMN "show_contact_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "outcome" text;