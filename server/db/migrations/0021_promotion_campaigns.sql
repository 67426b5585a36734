CREATE TABLE "promotion_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"message" text NOT NULL,
	"state" varchar(10) DEFAULT 'sending' NOT NULL,
	"file" varchar(200),
	"total" integer NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "promotion_campaigns_state" CHECK ("promotion_campaigns"."state" in ('waiting', 'sending', 'paused', 'cancelled', 'done'))
);
--> statement-breakpoint
CREATE TABLE "promotion_opt_outs" (
	"mobile" varchar(20) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"kid" varchar(120) DEFAULT '' NOT NULL,
	"state" varchar(10) DEFAULT 'waiting' NOT NULL,
	"cause" varchar(40),
	"claimed_at" timestamp with time zone,
	"sms_id" integer,
	CONSTRAINT "promotion_rows_state" CHECK ("promotion_rows"."state" in ('waiting', 'sending', 'sent', 'failed', 'unknown', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "chain_settings" ADD COLUMN "promotion_window_start" integer DEFAULT 540 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_settings" ADD COLUMN "promotion_window_end" integer DEFAULT 1260 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_settings" ADD COLUMN "promotion_sender" varchar(11);--> statement-breakpoint
ALTER TABLE "chain_settings" ADD COLUMN "promotion_opt_out_en" text DEFAULT 'STOP to opt out' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_settings" ADD COLUMN "promotion_opt_out_ar" text DEFAULT 'لإلغاء الاشتراك أرسل STOP' NOT NULL;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "promotions_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rows" ADD CONSTRAINT "promotion_rows_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rows" ADD CONSTRAINT "promotion_rows_sms_id_sms_messages_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."sms_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_campaigns_branch" ON "promotion_campaigns" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_campaigns_open" ON "promotion_campaigns" USING btree ("id") WHERE "promotion_campaigns"."state" in ('sending', 'waiting');--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_rows_campaign_row" ON "promotion_rows" USING btree ("campaign_id","row_no");--> statement-breakpoint
CREATE INDEX "promotion_rows_waiting" ON "promotion_rows" USING btree ("campaign_id","row_no") WHERE "promotion_rows"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "promotion_rows_sending" ON "promotion_rows" USING btree ("claimed_at") WHERE "promotion_rows"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "promotion_rows_state" ON "promotion_rows" USING btree ("campaign_id","state");