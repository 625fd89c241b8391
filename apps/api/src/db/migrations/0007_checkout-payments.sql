CREATE TABLE "sandbox_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"access_code" text NOT NULL,
	"email" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"subaccount" text NOT NULL,
	"transaction_charge" integer NOT NULL,
	"callback_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'abandoned' NOT NULL,
	"provider_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_payments_provider_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "authorization_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "access_code" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_product_status_idx" ON "orders" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_paid_per_product" ON "orders" USING btree ("product_id") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."product_amount" > 0 and "orders"."transaction_charge" >= 0 and "orders"."quantity" >= 1);