ALTER TABLE "branches" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "country" varchar(2) DEFAULT 'SA' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "http_status" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error_code" varchar(40);--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_branch" ON "sms_messages" USING btree ("branch_id","created_at");--> statement-breakpoint
-- Hand-written: one-time codes already in the outbox are blotted out; from now on they are stored masked.
UPDATE "sms_messages" SET "body" = regexp_replace("body", '[0-9]{6}', '••••••', 'g') WHERE "purpose" = 'otp';--> statement-breakpoint
-- Hand-written: parents' Saudi mobiles as typed (0501234567, 966501234567, 00966501234567) become E.164, as every
-- branch is SA until told otherwise. A number that would collide with another active parent's is left for staff.
WITH n AS (
  SELECT "id", "deleted_at", '+966' || substring("mobile" from '^(?:\+?966|00966|0)?(5[0-9]{8})$') AS "e164" FROM "parents"
)
UPDATE "parents" p SET "mobile" = n."e164" FROM n
WHERE n."id" = p."id" AND n."e164" IS NOT NULL AND p."mobile" <> n."e164"
  AND (p."deleted_at" IS NOT NULL OR (SELECT count(*) FROM n m WHERE m."e164" = n."e164" AND m."deleted_at" IS NULL) = 1)
  AND NOT EXISTS (SELECT 1 FROM "parents" q WHERE q."mobile" = n."e164" AND q."deleted_at" IS NULL AND q."id" <> p."id");
