CREATE TABLE "list_changes" (
	"xid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Decision 042: every transaction that changes a row Pending Payments or the Transaction History can show
-- writes its id here, once. Inserts of orders, customers and saved methods are left out (no list reaches a
-- new one but through a payment or a request, whose own change is written), and so are requests written
-- pending (only declined and failed ones are listed): a checkout changes no list.
CREATE OR REPLACE FUNCTION list_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (xid) VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_list_rows_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION list_rows_changed();--> statement-breakpoint
CREATE TRIGGER money_operations_list_rows_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "money_operations" FOR EACH STATEMENT EXECUTE FUNCTION list_rows_changed();--> statement-breakpoint
CREATE TRIGGER orders_list_rows_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION list_rows_changed();--> statement-breakpoint
CREATE TRIGGER customers_list_rows_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION list_rows_changed();--> statement-breakpoint
CREATE TRIGGER saved_payment_methods_list_rows_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "saved_payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION list_rows_changed();--> statement-breakpoint
CREATE TRIGGER payment_requests_list_rows_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "payment_requests" FOR EACH STATEMENT EXECUTE FUNCTION list_rows_changed();--> statement-breakpoint
CREATE TRIGGER payment_requests_failed_list_rows_changed AFTER INSERT ON "payment_requests" FOR EACH ROW WHEN (NEW.status IN ('declined', 'failed')) EXECUTE FUNCTION list_rows_changed();
