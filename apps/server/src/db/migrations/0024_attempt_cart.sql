-- Decision 047: what each payment attempt pays for (a shopper's cart or a payment link), so that a cart or a
-- link is paid once whatever its attempts do; an attempt paid when it could no longer be is 'superseded'.
ALTER TABLE "payment_requests" DROP CONSTRAINT "payment_requests_failure_known";--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "cart_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_one_paid_per_cart" ON "payment_requests" USING btree ("cart_key") WHERE "payment_requests"."status" = 'approved' and "payment_requests"."cart_key" is not null;--> statement-breakpoint
CREATE INDEX "payment_requests_cart_idx" ON "payment_requests" USING btree ("cart_key","created_at") WHERE "payment_requests"."cart_key" is not null;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_cart_key_form" CHECK ("payment_requests"."cart_key" is null or "payment_requests"."cart_key" ~ '^(cart|link):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_failure_known" CHECK ("payment_requests"."failure" is null or "payment_requests"."failure" in ('declined', 'not_confirmed', 'abandoned', 'failed', 'superseded'));