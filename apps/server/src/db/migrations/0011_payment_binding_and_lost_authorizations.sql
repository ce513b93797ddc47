CREATE TABLE "issued_tokens" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"session_digest" text NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "authorized_by" text DEFAULT 'hosted_page' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "method_kind" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "issued_tokens" ADD CONSTRAINT "issued_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_tokens_issued_idx" ON "issued_tokens" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "payment_requests_store_pending_idx" ON "payment_requests" USING btree ("created_at") WHERE "payment_requests"."status" = 'pending' and "payment_requests"."authorized_by" = 'store';--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_authorized_by_known" CHECK ("payment_requests"."authorized_by" in ('hosted_page', 'store'));--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_method_kind_known" CHECK ("payment_requests"."method_kind" is null or "payment_requests"."method_kind" in ('card', 'ach'));--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_bank_named" CHECK ("payment_requests"."method_kind" is distinct from 'ach' or "payment_requests"."bank_name" is not null);--> statement-breakpoint
-- Requests made before these columns existed: saved methods and wallets were authorized by the store.
UPDATE "payment_requests" SET "authorized_by" = 'store' WHERE "saved_method_id" IS NOT NULL OR EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = "payment_requests"."order_id" AND "orders"."channel" IN ('googlepay', 'applepay'));--> statement-breakpoint
UPDATE "payment_requests" SET "method_kind" = "saved_payment_methods"."kind", "bank_name" = "saved_payment_methods"."bank_name" FROM "saved_payment_methods" WHERE "saved_payment_methods"."id" = "payment_requests"."saved_method_id";
