DROP INDEX "parents_identification_prefix";--> statement-breakpoint
CREATE INDEX "kids_name_en_prefix" ON "kids" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "kids_name_ar_prefix" ON "kids" USING btree ("name_ar" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "parents_name_en_prefix" ON "parents" USING btree (lower("name_en") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parents_name_ar_prefix" ON "parents" USING btree ("name_ar" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "parents_identification_prefix" ON "parents" USING btree (lower("identification_number") text_pattern_ops);