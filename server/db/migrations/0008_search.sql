ALTER TABLE "kids" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("name_en", '') || ' ' || coalesce("name_ar", ''))) STORED;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("name_en", '') || ' ' || coalesce("name_ar", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kids_search" ON "kids" USING gin ("search");--> statement-breakpoint
CREATE INDEX "parents_mobile_prefix" ON "parents" USING btree ("mobile" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "parents_identification_prefix" ON "parents" USING btree (lower("identification_number") varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "parents_search" ON "parents" USING gin ("search");