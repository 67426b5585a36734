CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_ar" varchar(120) NOT NULL,
	"image" text,
	"price" integer NOT NULL,
	"tax_id" integer NOT NULL,
	"included" integer NOT NULL,
	"branch_id" integer,
	"validity_days" integer NOT NULL,
	"daily_limits" integer NOT NULL,
	"margin_minutes" varchar(100) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "packages_price_not_negative" CHECK ("packages"."price" >= 0),
	CONSTRAINT "packages_included" CHECK ("packages"."included" in (1, 2)),
	CONSTRAINT "packages_validity" CHECK ("packages"."validity_days" between 1 and 3650),
	CONSTRAINT "packages_daily_limits" CHECK ("packages"."daily_limits" between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_branch" ON "packages" USING btree ("branch_id");