CREATE TABLE "donation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"giver_id" uuid,
	"recipient_id" uuid,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "donation_requests_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_requests" ADD CONSTRAINT "donation_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_requests_one_per_user" ON "donation_requests" USING btree ("product_id","requester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_requests_one_accepted" ON "donation_requests" USING btree ("product_id") WHERE "donation_requests"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "donation_requests_requester_idx" ON "donation_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_product_unique" ON "donations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "donations_giver_idx" ON "donations" USING btree ("giver_id");--> statement-breakpoint
CREATE INDEX "donations_recipient_idx" ON "donations" USING btree ("recipient_id");