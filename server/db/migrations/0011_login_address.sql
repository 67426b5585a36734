ALTER TABLE "login_attempts" ADD COLUMN "address" varchar(64);--> statement-breakpoint
CREATE INDEX "login_attempts_address_at" ON "login_attempts" USING btree ("address","at");