CREATE TABLE "kid_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"badge" varchar(40) NOT NULL,
	"checkin_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_at" timestamp with time zone,
	"checked_in_by" integer NOT NULL,
	"checked_out_by" integer,
	"daily_limits" integer NOT NULL,
	"margin_minutes" varchar(100) NOT NULL,
	"overtime_price" integer NOT NULL,
	"overtime_hours" integer,
	"overtime_fee" integer,
	"fee_decision" varchar(10),
	"billed_sale_id" integer
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"parent_id" integer,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overtime_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"fee_before" integer NOT NULL,
	"fee_after" integer NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "overtime_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "overtime_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_sessions" ADD CONSTRAINT "kid_sessions_billed_sale_id_sales_id_fk" FOREIGN KEY ("billed_sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_decisions" ADD CONSTRAINT "overtime_decisions_session_id_kid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kid_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_decisions" ADD CONSTRAINT "overtime_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kid_sessions_one_open_per_kid" ON "kid_sessions" USING btree ("kid_id") WHERE "kid_sessions"."checkout_at" is null;--> statement-breakpoint
CREATE INDEX "kid_sessions_open_badge" ON "kid_sessions" USING btree ("branch_id",lower("badge")) WHERE "kid_sessions"."checkout_at" is null;--> statement-breakpoint
CREATE INDEX "kid_sessions_branch_open" ON "kid_sessions" USING btree ("branch_id","checkin_at");--> statement-breakpoint
CREATE INDEX "kid_sessions_kid" ON "kid_sessions" USING btree ("kid_id","checkin_at");--> statement-breakpoint
CREATE INDEX "otp_codes_mobile" ON "otp_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "overtime_decisions_session" ON "overtime_decisions" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_overtime_price_not_negative" CHECK ("packages"."overtime_price" >= 0);