-- The sign-in counters change meaning (slow down instead of lock out): old ones are dropped.
DELETE FROM "login_throttle";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_attempts_not_negative" CHECK ("login_throttle"."attempts" >= 0);