-- Decision 031: the last 4 the gateway named for an attempt's card or account, so that a declined card typed
-- on the payment page or held in a wallet is found by it. Earlier attempts keep none.
ALTER TABLE "payment_requests" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_last4_digits" CHECK ("payment_requests"."last4" is null or "payment_requests"."last4" ~ '^[0-9]{4}$');