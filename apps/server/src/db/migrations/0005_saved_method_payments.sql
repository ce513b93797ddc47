ALTER TABLE "payment_requests" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "saved_method_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_name" text;