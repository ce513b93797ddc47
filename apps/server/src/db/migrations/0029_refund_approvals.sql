CREATE TABLE "refund_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"decision_reason" text,
	CONSTRAINT "refund_approvals_amount_positive" CHECK ("refund_approvals"."amount_cents" > 0),
	CONSTRAINT "refund_approvals_status_known" CHECK ("refund_approvals"."status" in ('pending', 'approved', 'declined', 'cancelled', 'failed')),
	CONSTRAINT "refund_approvals_second_person" CHECK ("refund_approvals"."decided_by" is null or "refund_approvals"."decided_by" <> "refund_approvals"."requested_by" or "refund_approvals"."status" = 'cancelled'),
	CONSTRAINT "refund_approvals_decided_when_decided" CHECK (("refund_approvals"."status" = 'pending') = ("refund_approvals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "refund_approvals" ADD CONSTRAINT "refund_approvals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_approvals_one_pending_per_payment" ON "refund_approvals" USING btree ("payment_id") WHERE "refund_approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refund_approvals_status_idx" ON "refund_approvals" USING btree ("status","requested_at");