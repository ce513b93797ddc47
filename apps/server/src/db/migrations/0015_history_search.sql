CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_words_idx" ON "customers" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "orders_contact_email_prefix_idx" ON "orders" USING btree (lower("contact_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_delivery_name_words_idx" ON "orders" USING gin (to_tsvector('simple'::regconfig, "delivery_name"));--> statement-breakpoint
CREATE INDEX "payments_order_body_prefix_idx" ON "payments" USING btree (substr("order_id", 4) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_last4_idx" ON "payments" USING btree ("last4");--> statement-breakpoint
CREATE INDEX "payments_authorized_cents_idx" ON "payments" USING btree ("authorized_cents");