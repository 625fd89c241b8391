-- Notifications become a code with parameters (packages/shared/src/notifications.ts). Existing rows are
-- converted from the English sentences the app used to store; a sentence that matches none of them is
-- kept word for word as TEXT.
ALTER TABLE "admin_notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "admin_notifications" SET "code" = 'TEXT', "params" = jsonb_build_object('text', "message");--> statement-breakpoint
UPDATE "admin_notifications" SET "code" = 'USER_REGISTERED', "params" = jsonb_build_object('username', (regexp_match("message", '^New user registered: (.*)$'))[1])
  WHERE "message" ~ '^New user registered: ';--> statement-breakpoint
UPDATE "admin_notifications" AS n SET "code" = 'LISTING_SUBMITTED', "params" = jsonb_strip_nulls(jsonb_build_object(
    'title', m.parts[1],
    'username', m.parts[2],
    'productId', (SELECT p."id"::text FROM "products" p JOIN "users" u ON u."id" = p."owner_id"
                  WHERE p."title" = m.parts[1] AND u."username" = m.parts[2] ORDER BY p."created_at" DESC LIMIT 1)))
  FROM (SELECT "id", regexp_match("message", '^New listing awaiting approval: "(.*)" by (.*)$', 's') AS parts FROM "admin_notifications") AS m
  WHERE m."id" = n."id" AND m.parts IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "code" = 'TEXT', "params" = jsonb_build_object('text', "message");--> statement-breakpoint
UPDATE "notifications" SET "code" = 'REFERRAL_JOINED', "params" = jsonb_build_object('username', (regexp_match("message", '^(.*) joined using your referral link\.$'))[1])
  WHERE "message" ~ ' joined using your referral link\.$';--> statement-breakpoint
UPDATE "notifications" AS n SET "code" = m.code, "params" = jsonb_strip_nulls(jsonb_build_object(
    'title', m.parts[1],
    'reason', m.parts[2],
    'productId', (SELECT p."id"::text FROM "products" p WHERE p."owner_id" = n."user_id" AND p."title" = m.parts[1] ORDER BY p."created_at" DESC LIMIT 1)))
  FROM (
    SELECT "id", 'LISTING_APPROVED' AS code, regexp_match("message", '^Your listing "(.*)" was approved and is now visible to buyers\.$', 's') AS parts FROM "notifications"
    UNION ALL
    SELECT "id", 'LISTING_REJECTED_WITH_REASON', regexp_match("message", '^Your listing "(.*)" was rejected\. Reason: (.*)$', 's') FROM "notifications"
    UNION ALL
    SELECT "id", 'LISTING_REJECTED', regexp_match("message", '^Your listing "(.*)" was rejected\.$', 's') FROM "notifications"
  ) AS m
  WHERE m."id" = n."id" AND m.parts IS NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notifications" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notifications" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
