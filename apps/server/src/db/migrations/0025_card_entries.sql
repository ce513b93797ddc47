CREATE TABLE "card_entries" (
	"entry_digest" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"session_digest" text NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_entries_opened_idx" ON "card_entries" USING btree ("opened_at");