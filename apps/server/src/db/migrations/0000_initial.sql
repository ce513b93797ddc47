CREATE TABLE "order_lines" (
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "order_lines_quantity_range" CHECK ("order_lines"."quantity" between 1 and 999),
	CONSTRAINT "order_lines_price_positive" CHECK ("order_lines"."unit_price_cents" > 0),
	CONSTRAINT "order_lines_total_adds_up" CHECK ("order_lines"."line_total_cents" = "order_lines"."unit_price_cents" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"customer_name" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" in ('card', 'googlepay', 'applepay')),
	CONSTRAINT "orders_subtotal_positive" CHECK ("orders"."subtotal_cents" > 0),
	CONSTRAINT "orders_tax_not_negative" CHECK ("orders"."tax_cents" >= 0),
	CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "payment_requests_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_requests_amount_positive" CHECK ("payment_requests"."amount_cents" > 0),
	CONSTRAINT "payment_requests_status_known" CHECK ("payment_requests"."status" in ('pending', 'approved', 'declined', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"request_id" uuid,
	"retref" text NOT NULL,
	"card_brand" text NOT NULL,
	"last4" text NOT NULL,
	"auth_code" text NOT NULL,
	"authorized_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"capture_status" text DEFAULT 'authorized' NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payments_retref_unique" UNIQUE("retref"),
	CONSTRAINT "payments_authorized_positive" CHECK ("payments"."authorized_cents" > 0),
	CONSTRAINT "payments_captured_within_authorized" CHECK ("payments"."captured_cents" between 0 and "payments"."authorized_cents"),
	CONSTRAINT "payments_refunded_within_captured" CHECK ("payments"."refunded_cents" between 0 and "payments"."captured_cents"),
	CONSTRAINT "payments_capture_status_known" CHECK ("payments"."capture_status" in ('authorized', 'captured', 'partially_captured', 'voided', 'expired', 'settled')),
	CONSTRAINT "payments_last4_digits" CHECK ("payments"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_payment_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("request_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_status_authorized_idx" ON "payments" USING btree ("capture_status","authorized_at");