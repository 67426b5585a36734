CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"type" varchar(10) NOT NULL,
	"value" integer NOT NULL,
	"min_cart_value" integer DEFAULT 0 NOT NULL,
	"use_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."use_limit" is null or "coupons"."used" <= "coupons"."use_limit"),
	CONSTRAINT "coupons_type" CHECK ("coupons"."type" in ('amount', 'percent'))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_active" ON "coupons" USING btree ("code") WHERE "coupons"."deleted_at" is null;