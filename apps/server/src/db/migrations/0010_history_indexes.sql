DROP INDEX "money_operations_history_idx";--> statement-breakpoint
CREATE INDEX "money_operations_refund_history_idx" ON "money_operations" USING btree ("created_at","id") WHERE "money_operations"."kind" = 'refund' and "money_operations"."status" in ('succeeded', 'scheduled');--> statement-breakpoint
CREATE INDEX "payments_order_id_prefix_idx" ON "payments" USING btree ("order_id" text_pattern_ops);--> statement-breakpoint
-- The history's status filters compare amounts of one row ("captured in full": captured = authorized). The
-- planner cannot estimate such a comparison (it guesses 0.5% of rows, and sorts the whole table instead of
-- reading the history index newest first), but it can estimate the difference against 0 from these.
CREATE STATISTICS IF NOT EXISTS "payments_money_gaps" ON ("captured_cents" - "authorized_cents"), ("refunded_cents" - "captured_cents") FROM "payments";
