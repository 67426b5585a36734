CREATE TABLE "chain_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"idle_seconds" integer DEFAULT 600 NOT NULL,
	CONSTRAINT "chain_settings_one_row" CHECK ("chain_settings"."id" = 1)
);
