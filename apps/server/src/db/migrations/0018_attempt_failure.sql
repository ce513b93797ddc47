ALTER TABLE "payment_requests" ADD COLUMN "failure" text;--> statement-breakpoint
-- Attempts closed before the store recorded how: told apart by who asked the gateway and the message it wrote.
UPDATE "payment_requests" SET "failure" = CASE
  WHEN "status" = 'declined' THEN 'declined'
  WHEN "authorized_by" = 'hosted_page' AND "respcode" IS NULL
    AND ("message" IS NULL OR "message" = 'No payment was made for this order') THEN 'abandoned'
  WHEN "authorized_by" = 'store'
    AND ("message" = 'No payment was made for this order' OR "message" ILIKE '%did not answer in time%') THEN 'not_confirmed'
  ELSE 'failed'
END
WHERE "status" IN ('declined', 'failed');--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_failure_known" CHECK ("payment_requests"."failure" is null or "payment_requests"."failure" in ('declined', 'not_confirmed', 'abandoned', 'failed'));--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_failure_with_status" CHECK (("payment_requests"."status" in ('declined', 'failed')) = ("payment_requests"."failure" is not null)
        and ("payment_requests"."status" = 'declined') = (coalesce("payment_requests"."failure", '') = 'declined'));