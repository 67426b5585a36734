CREATE TABLE "offline_numbers" (
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"station_id" uuid,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_numbers_branch_id_invoice_no_pk" PRIMARY KEY("branch_id","invoice_no")
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_not_negative";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "review_notes" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offline_numbers" ADD CONSTRAINT "offline_numbers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_numbers_free" ON "offline_numbers" USING btree ("branch_id","invoice_no") WHERE "offline_numbers"."station_id" is null;--> statement-breakpoint
CREATE INDEX "sales_to_review" ON "sales" USING btree ("branch_id","created_at") WHERE "sales"."review_notes" is not null and "sales"."reviewed_at" is null;--> statement-breakpoint
-- Subscriptions made before this migration last changed when they were made, as far as anyone knows.
UPDATE "subscriptions" SET "changed_at" = "created_at";--> statement-breakpoint
-- Every change (a freeze, a cancel, a waiting one moved up) is dated however it is made, so an offline
-- sale arriving later can tell whether the kid's subscriptions changed after it was sold.
CREATE FUNCTION subscription_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_changed_at BEFORE UPDATE ON subscriptions
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION subscription_changed_at();
