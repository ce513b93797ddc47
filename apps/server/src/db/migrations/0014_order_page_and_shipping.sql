ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "respcode" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "avs_response" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "cvv_response" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "bin_country" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "bin_prepaid" boolean;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "bin_corporate" boolean;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_known" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_shipped', 'refund_confirmation', 'charge_cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_known" CHECK ("orders"."fulfilment_status" in ('unfulfilled', 'shipped'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_when_shipped" CHECK (("orders"."fulfilment_status" = 'shipped') = ("orders"."shipped_at" is not null and "orders"."shipped_by" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_lengths" CHECK (coalesce(char_length("orders"."shipping_carrier"), 1) between 1 and 60 and coalesce(char_length("orders"."tracking_number"), 1) between 1 and 100);--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_gateway_answer_lengths" CHECK (coalesce(char_length("payment_requests"."respcode"), 1) between 1 and 10 and coalesce(char_length("payment_requests"."avs_response"), 1) between 1 and 4
        and coalesce(char_length("payment_requests"."cvv_response"), 1) between 1 and 4 and coalesce(char_length("payment_requests"."bin_country"), 2) between 2 and 3);