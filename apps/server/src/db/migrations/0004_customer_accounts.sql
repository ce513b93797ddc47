CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numeric_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "customers_numeric_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"gateway_profile_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_name_length" CHECK (char_length("customers"."name") between 1 and 100),
	CONSTRAINT "customers_email_length" CHECK (char_length("customers"."email") between 3 and 254)
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gateway_account_id" text NOT NULL,
	"card_brand" text,
	"last4" text NOT NULL,
	"holder_name" text NOT NULL,
	"expiry_month" integer,
	"expiry_year" integer,
	"bank_name" text,
	"account_type" text,
	"routing_number_last4" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_payment_methods_kind_known" CHECK ("saved_payment_methods"."kind" in ('card', 'ach')),
	CONSTRAINT "saved_payment_methods_last4_digits" CHECK ("saved_payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_payment_methods_card_fields" CHECK ("saved_payment_methods"."kind" <> 'card' or ("saved_payment_methods"."card_brand" is not null and "saved_payment_methods"."expiry_month" between 1 and 12 and "saved_payment_methods"."expiry_year" between 2000 and 2100)),
	CONSTRAINT "saved_payment_methods_bank_fields" CHECK ("saved_payment_methods"."kind" <> 'ach' or ("saved_payment_methods"."bank_name" is not null and "saved_payment_methods"."account_type" is not null and "saved_payment_methods"."routing_number_last4" ~ '^[0-9]{4}$'))
);
--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_unique" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_numeric_id_unique" ON "customers" USING btree ("numeric_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_gateway_profile_unique" ON "customers" USING btree ("gateway_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_one_default" ON "saved_payment_methods" USING btree ("customer_id") WHERE "saved_payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_gateway_account" ON "saved_payment_methods" USING btree ("customer_id","gateway_account_id");