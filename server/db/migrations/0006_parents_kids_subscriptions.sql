CREATE TABLE "kids" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_ar" varchar(120) NOT NULL,
	"birth_date" varchar(10),
	"gender" varchar(6),
	"medical_notes" text,
	"banned" boolean DEFAULT false NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"room_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_ar" varchar(120) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"email" varchar(200),
	"identification_id" integer,
	"identification_number" varchar(30),
	"nationality_id" integer,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(20) NOT NULL,
	"body" text NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"gateway" varchar(20) NOT NULL,
	"status" varchar(10) NOT NULL,
	"provider_id" varchar(100),
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_ar" varchar(120) NOT NULL,
	"state" varchar(10) DEFAULT 'ACTIVE' NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"frozen_at" varchar(10),
	"freeze_days" integer DEFAULT 0 NOT NULL,
	"daily_limits" integer NOT NULL,
	"margin_minutes" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_state" CHECK ("subscriptions"."state" in ('ACTIVE', 'FREEZED', 'CANCELLED')),
	CONSTRAINT "subscriptions_period" CHECK ("subscriptions"."start_date" <= "subscriptions"."end_date")
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "kid_ids" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "kids" ADD CONSTRAINT "kids_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_identification_id_identification_types_id_fk" FOREIGN KEY ("identification_id") REFERENCES "public"."identification_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_nationality_id_nationalities_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."nationalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kids_parent" ON "kids" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parents_mobile_active" ON "parents" USING btree ("mobile") WHERE "parents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sms_messages_to" ON "sms_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_kid" ON "subscriptions" USING btree ("kid_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_sale" ON "subscriptions" USING btree ("sale_id");--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;