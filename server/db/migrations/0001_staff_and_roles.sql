ALTER TABLE "users" ADD COLUMN "identification_number" varchar(30);--> statement-breakpoint
CREATE UNIQUE INDEX "privileges_name_en" ON "privileges" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "privileges_name_ar" ON "privileges" USING btree ("name_ar");