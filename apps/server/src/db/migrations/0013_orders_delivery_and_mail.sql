CREATE TABLE "customer_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_country_known" CHECK ("customer_addresses"."country" in ('US', 'CA', 'MX')),
	CONSTRAINT "customer_addresses_lengths" CHECK (char_length("customer_addresses"."name") between 1 and 100 and char_length("customer_addresses"."address") between 1 and 100
        and char_length("customer_addresses"."city") between 1 and 100 and char_length("customer_addresses"."state") between 1 and 100
        and char_length("customer_addresses"."zip") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" text,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "mail_outbox_kind_known" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'refund_confirmation', 'charge_cancelled')),
	CONSTRAINT "mail_outbox_status_known" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_attempts_not_negative" CHECK ("mail_outbox"."attempts" >= 0),
	CONSTRAINT "mail_outbox_sent_when_sent" CHECK (("mail_outbox"."status" = 'sent') = ("mail_outbox"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address2" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_token" text;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default" ON "customer_addresses" USING btree ("customer_id") WHERE "customer_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_message_id" ON "mail_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_token_unique" ON "orders" USING btree ("receipt_token");--> statement-breakpoint
CREATE INDEX "orders_by_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_whole" CHECK (("orders"."contact_email" is null and "orders"."delivery_name" is null and "orders"."delivery_address" is null
        and "orders"."delivery_city" is null and "orders"."delivery_state" is null and "orders"."delivery_zip" is null
        and "orders"."delivery_country" is null)
      or (coalesce(char_length("orders"."contact_email"), 0) between 3 and 254 and coalesce(char_length("orders"."delivery_name"), 0) between 1 and 100
        and coalesce(char_length("orders"."delivery_address"), 0) between 1 and 100 and coalesce(char_length("orders"."delivery_city"), 0) between 1 and 100
        and coalesce(char_length("orders"."delivery_state"), 0) between 1 and 100 and coalesce(char_length("orders"."delivery_zip"), 0) between 1 and 100
        and coalesce("orders"."delivery_country", '') in ('US', 'CA', 'MX')));