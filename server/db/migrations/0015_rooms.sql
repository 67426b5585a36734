CREATE TABLE "kid_room_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"checkin_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_at" timestamp with time zone,
	"checked_in_by" integer NOT NULL,
	"checked_out_by" integer
);
--> statement-breakpoint
CREATE TABLE "room_access" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_access_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"supervisor_session_id" uuid NOT NULL,
	"login_at" timestamp with time zone DEFAULT now() NOT NULL,
	"logout_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_ar" varchar(120) NOT NULL,
	"branch_id" integer NOT NULL,
	"capacity" integer,
	"min_age" integer,
	"max_age" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rooms_capacity" CHECK ("rooms"."capacity" is null or "rooms"."capacity" > 0),
	CONSTRAINT "rooms_ages" CHECK ("rooms"."min_age" is null or "rooms"."max_age" is null or "rooms"."min_age" <= "rooms"."max_age")
);
--> statement-breakpoint
CREATE TABLE "supervisor_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"station_user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kids" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "kid_room_visits" ADD CONSTRAINT "kid_room_visits_kid_id_kids_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."kids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_room_visits" ADD CONSTRAINT "kid_room_visits_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_room_visits" ADD CONSTRAINT "kid_room_visits_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_room_visits" ADD CONSTRAINT "kid_room_visits_session_id_kid_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kid_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_room_visits" ADD CONSTRAINT "kid_room_visits_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_room_visits" ADD CONSTRAINT "kid_room_visits_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_access" ADD CONSTRAINT "room_access_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_access" ADD CONSTRAINT "room_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_access" ADD CONSTRAINT "room_access_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_supervisor_session_id_supervisor_sessions_id_fk" FOREIGN KEY ("supervisor_session_id") REFERENCES "public"."supervisor_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_sessions" ADD CONSTRAINT "supervisor_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_sessions" ADD CONSTRAINT "supervisor_sessions_station_user_id_users_id_fk" FOREIGN KEY ("station_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kid_room_visits_one_open_per_kid" ON "kid_room_visits" USING btree ("kid_id") WHERE "kid_room_visits"."checkout_at" is null;--> statement-breakpoint
CREATE INDEX "kid_room_visits_room_open" ON "kid_room_visits" USING btree ("room_id") WHERE "kid_room_visits"."checkout_at" is null;--> statement-breakpoint
CREATE INDEX "kid_room_visits_kid" ON "kid_room_visits" USING btree ("kid_id","checkin_at");--> statement-breakpoint
CREATE INDEX "kid_room_visits_branch" ON "kid_room_visits" USING btree ("branch_id","checkin_at");--> statement-breakpoint
CREATE INDEX "kid_room_visits_session" ON "kid_room_visits" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "room_access_user" ON "room_access" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_sessions_one_open_per_user" ON "room_sessions" USING btree ("user_id") WHERE "room_sessions"."logout_at" is null;--> statement-breakpoint
CREATE INDEX "room_sessions_user" ON "room_sessions" USING btree ("user_id","login_at");--> statement-breakpoint
CREATE INDEX "rooms_branch" ON "rooms" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "supervisor_sessions_user" ON "supervisor_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;