CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"customer_id" uuid,
	"contact_email" text NOT NULL,
	"delivery_name" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_address2" text,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"delivery_zip" text NOT NULL,
	"delivery_country" text NOT NULL,
	"delivery_phone" text,
	"items" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	"cancelled_by" text,
	"order_id" text,
	CONSTRAINT "payment_links_total_adds_up" CHECK ("payment_links"."total_cents" = "payment_links"."subtotal_cents" + "payment_links"."tax_cents"),
	CONSTRAINT "payment_links_subtotal_positive" CHECK ("payment_links"."subtotal_cents" > 0),
	CONSTRAINT "payment_links_expires_after_created" CHECK ("payment_links"."expires_at" > "payment_links"."created_at"),
	CONSTRAINT "payment_links_cancelled_whole" CHECK (("payment_links"."cancelled_at" is null) = ("payment_links"."cancelled_by" is null)),
	CONSTRAINT "payment_links_country_known" CHECK ("payment_links"."delivery_country" in ('US', 'CA', 'MX')),
	CONSTRAINT "payment_links_lengths" CHECK (char_length("payment_links"."contact_email") between 3 and 254 and char_length("payment_links"."delivery_name") between 1 and 100
        and char_length("payment_links"."delivery_address") between 1 and 100 and char_length("payment_links"."delivery_city") between 1 and 100
        and char_length("payment_links"."delivery_state") between 1 and 100 and char_length("payment_links"."delivery_zip") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_channel_known";--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_unique" ON "payment_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_order_unique" ON "payment_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_links_customer_idx" ON "payment_links" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_known" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_shipped', 'refund_confirmation', 'charge_cancelled', 'payment_link'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" in ('card', 'googlepay', 'applepay', 'phone', 'link'));