CREATE TABLE "cash_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opening_float" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"counted_cash" integer,
	"expected_cash" integer
);
--> statement-breakpoint
CREATE TABLE "saved_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"definition" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_shifts_one_open" ON "cash_shifts" USING btree ("user_id") WHERE "cash_shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "cash_shifts_branch_opened" ON "cash_shifts" USING btree ("branch_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_reports_user_name" ON "saved_reports" USING btree ("user_id","name");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_shift_id_cash_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."cash_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_sessions_at" ON "login_sessions" USING btree ("login_at");--> statement-breakpoint
CREATE INDEX "sales_created" ON "sales" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sales_shift" ON "sales" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "subscriptions_end" ON "subscriptions" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "kid_sessions_billed_sale" ON "kid_sessions" USING btree ("billed_sale_id");