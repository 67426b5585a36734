CREATE TABLE "idempotency_keys" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"endpoint" varchar(80) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"result_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sales_idempotency_key";--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "idempotency_key";