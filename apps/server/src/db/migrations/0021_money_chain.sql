CREATE TABLE "deposit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"funding_id" text,
	"kind" text NOT NULL,
	"retref" text,
	"order_id" text,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"ach_return_code" text,
	"payment_id" uuid,
	"refund_operation_id" uuid,
	"match" text NOT NULL,
	"expected_cents" integer,
	CONSTRAINT "deposit_lines_kind_known" CHECK ("deposit_lines"."kind" in ('sale', 'refund', 'return', 'chargeback', 'other')),
	CONSTRAINT "deposit_lines_match_known" CHECK ("deposit_lines"."match" in ('matched', 'unexpected', 'amount_differs')),
	CONSTRAINT "deposit_lines_expected_when_differs" CHECK (("deposit_lines"."match" = 'amount_differs') = ("deposit_lines"."expected_cents" is not null))
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"funding_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"net_sales_cents" bigint NOT NULL,
	"interchange_fee_cents" bigint NOT NULL,
	"service_charge_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"reversal_cents" bigint NOT NULL,
	"adjustment_cents" bigint NOT NULL,
	"total_funding_cents" bigint NOT NULL,
	"read_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_day_checks" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "gateway_day_checks_kind_day_pk" PRIMARY KEY("kind","day"),
	CONSTRAINT "gateway_day_checks_kind_known" CHECK ("gateway_day_checks"."kind" in ('settlement', 'funding'))
);
--> statement-breakpoint
CREATE TABLE "upkeep_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"leased_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_reason_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_case_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "returned_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "ach_return_code" text;--> statement-breakpoint
ALTER TABLE "deposit_lines" ADD CONSTRAINT "deposit_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_lines" ADD CONSTRAINT "deposit_lines_refund_operation_id_money_operations_id_fk" FOREIGN KEY ("refund_operation_id") REFERENCES "public"."money_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_lines_day_idx" ON "deposit_lines" USING btree ("day");--> statement-breakpoint
CREATE INDEX "deposit_lines_payment_idx" ON "deposit_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "deposits_day_idx" ON "deposits" USING btree ("day");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_dispute_whole" CHECK (("payments"."disputed_at" is null) = ("payments"."dispute_amount_cents" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_return_whole" CHECK (("payments"."returned_at" is null) = ("payments"."ach_return_code" is null));