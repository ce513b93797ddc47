ALTER TABLE "login_throttle" ADD COLUMN "last_attempt_at" timestamp (3) with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "next_allowed_at" timestamp (3) with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "login_throttle_last_attempt_idx" ON "login_throttle" USING btree ("last_attempt_at");