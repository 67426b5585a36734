ALTER TABLE "kids" ADD COLUMN "banned_by" integer;--> statement-breakpoint
ALTER TABLE "kids" ADD COLUMN "banned_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kids" ADD CONSTRAINT "kids_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;