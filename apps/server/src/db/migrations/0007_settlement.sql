ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_checked_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "payments_awaiting_settlement_idx" ON "payments" USING btree ("captured_at","id") WHERE "payments"."capture_status" in ('captured', 'partially_captured');