ALTER TABLE "money_operations" DROP CONSTRAINT "money_operations_status_known";--> statement-breakpoint
ALTER TABLE "money_operations" ADD COLUMN "sent_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "money_operations_scheduled_idx" ON "money_operations" USING btree ("created_at","id") WHERE "money_operations"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_only_refunds_wait" CHECK ("money_operations"."status" <> 'scheduled' or "money_operations"."kind" = 'refund');--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_status_known" CHECK ("money_operations"."status" in ('pending', 'scheduled', 'succeeded', 'failed'));