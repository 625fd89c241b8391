CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"user_id" uuid,
	"admins" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_one_audience" CHECK (("events"."user_id" is null) = "events"."admins")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_position_idx" ON "events" USING btree ("tx","id");--> statement-breakpoint
CREATE INDEX "events_user_position_idx" ON "events" USING btree ("user_id","tx","id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");