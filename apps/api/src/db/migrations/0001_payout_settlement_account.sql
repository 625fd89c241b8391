ALTER TABLE "users" ADD COLUMN "subaccount_bank_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subaccount_account_number" text;