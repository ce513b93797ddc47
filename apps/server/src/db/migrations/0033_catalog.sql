CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_revision_one_row" CHECK ("catalog_revision"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"price_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_on_hand" integer,
	"low_stock_threshold" integer,
	"unit_of_measure" text DEFAULT 'EA' NOT NULL,
	"upc" text,
	"commodity_code" text,
	"tax_category" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_id_form" CHECK ("products"."id" ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'),
	CONSTRAINT "products_price_range" CHECK ("products"."price_cents" between 1 and 9999999),
	CONSTRAINT "products_text_lengths" CHECK (char_length("products"."sku") between 1 and 40 and char_length("products"."name") between 1 and 100
        and coalesce(char_length("products"."short_name"), 1) between 1 and 24 and char_length("products"."description") <= 2000),
	CONSTRAINT "products_stock_range" CHECK (coalesce("products"."stock_on_hand", 0) <= 1000000),
	CONSTRAINT "products_threshold_range" CHECK (coalesce("products"."low_stock_threshold", 0) between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "product_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree (lower("sku"));--> statement-breakpoint
-- Decision 061: a fresh store's catalog is the spec's two products, at their prices and with their texts.
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 1);--> statement-breakpoint
INSERT INTO "products" ("id", "sku", "name", "short_name", "price_cents", "description", "features", "position", "unit_of_measure") VALUES
  ('pen-pack-100', 'PEN-BP-200', 'Premium Ballpoint Pen Pack', 'Ballpoint Pens', 1499, 'A pack of 200 smooth-writing ballpoint pens with blue ink and a 0.7 mm medium point. Built for offices, classrooms and anyone who goes through pens fast.', '["Pack of 200 pens","Blue ink, 0.7 mm medium point","Quick-drying, smudge-resistant ink","Comfortable ribbed grip","Vented safety cap with pocket clip"]'::jsonb, 1, 'PK'),
  ('paper-ream-500', 'PAPER-LTR-500', 'Premium Copy Paper 500 sheets', 'Copy Paper', 999, 'One ream of 500 bright white sheets of letter-size copy paper, made to feed cleanly through laser printers, inkjets and copiers.', '["500 sheets per ream","US letter, 8.5 × 11 in","20 lb bond, 92 bright white","Jam-free for laser, inkjet and copiers","Acid-free for documents that last"]'::jsonb, 2, 'RM');--> statement-breakpoint
UPDATE "order_lines" SET "product_name" = "products"."name" FROM "products" WHERE "products"."id" = "order_lines"."product_id";--> statement-breakpoint
UPDATE "payment_links" SET "items" = (
  SELECT jsonb_agg(item || jsonb_build_object('productName', coalesce(products.name, item->>'productId')) ORDER BY element.position)
  FROM jsonb_array_elements("payment_links"."items") WITH ORDINALITY AS element(item, position)
  LEFT JOIN products ON products.id = item->>'productId'
);--> statement-breakpoint
-- What the storefront shows moved: a product added, edited or removed, or one running out or back in stock.
CREATE OR REPLACE FUNCTION catalog_revision_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_added_or_removed AFTER INSERT OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION catalog_revision_next();--> statement-breakpoint
CREATE TRIGGER products_shown_changed AFTER UPDATE ON "products" FOR EACH ROW WHEN (
  (OLD.sku, OLD.name, OLD.short_name, OLD.price_cents, OLD.description, OLD.features, OLD.active, OLD.position)
    IS DISTINCT FROM (NEW.sku, NEW.name, NEW.short_name, NEW.price_cents, NEW.description, NEW.features, NEW.active, NEW.position)
  OR (coalesce(OLD.stock_on_hand, 1) > 0) <> (coalesce(NEW.stock_on_hand, 1) > 0)
) EXECUTE FUNCTION catalog_revision_next();--> statement-breakpoint
-- An order's units go back to stock once, when its payment ends without the money.
CREATE OR REPLACE FUNCTION release_order_stock(released_order text) RETURNS void LANGUAGE sql AS $$
  WITH released AS (
    UPDATE order_lines SET stock_held = false
    WHERE order_id = released_order AND stock_held
    RETURNING product_id, quantity
  )
  UPDATE products SET stock_on_hand = products.stock_on_hand + released.quantity
  FROM released
  WHERE products.id = released.product_id AND products.stock_on_hand IS NOT NULL;
$$;--> statement-breakpoint
-- An order line is written with its order's payment attempt: its product must be sold, at the price the order
-- was priced at, and a counted product must have the units, which the line then holds. Refusals carry their
-- own codes (services/catalog/catalog.ts reads them): CT001 not sold, CT002 price changed, CT003 too few left
-- (HINT: how many). Taking the units is one guarded UPDATE, which waits for a concurrent checkout's and then
-- looks again, so two servers never sell the same unit. Row by row, from the line itself: no read of the
-- order's other lines, whatever the planner thinks of the table's size.
CREATE OR REPLACE FUNCTION order_line_takes_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product record;
  units_left integer;
BEGIN
  SELECT price_cents, active, stock_on_hand INTO product FROM products WHERE id = NEW.product_id;
  IF NOT FOUND OR NOT product.active THEN
    RAISE EXCEPTION 'product % is not sold', NEW.product_id USING ERRCODE = 'CT001', DETAIL = NEW.product_id;
  END IF;
  IF product.price_cents <> NEW.unit_price_cents THEN
    RAISE EXCEPTION 'price of % changed', NEW.product_id USING ERRCODE = 'CT002', DETAIL = NEW.product_id;
  END IF;
  IF product.stock_on_hand IS NOT NULL THEN
    UPDATE products SET stock_on_hand = stock_on_hand - NEW.quantity
    WHERE id = NEW.product_id AND stock_on_hand >= NEW.quantity;
    IF FOUND THEN
      NEW.stock_held := true;
    ELSE
      SELECT stock_on_hand INTO units_left FROM products WHERE id = NEW.product_id;
      IF units_left IS NOT NULL THEN
        RAISE EXCEPTION 'too few of % left', NEW.product_id
          USING ERRCODE = 'CT003', DETAIL = NEW.product_id, HINT = greatest(units_left, 0)::text;
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_take_stock BEFORE INSERT ON "order_lines" FOR EACH ROW EXECUTE FUNCTION order_line_takes_stock();--> statement-breakpoint
-- The attempts of one cart before its newest give their units back (decision 047: only the newest may still
-- be paid). A newer attempt refused for too few units is made again once these are given back
-- (`release_cart_attempts`, called by services/checkout/orders.ts).
CREATE OR REPLACE FUNCTION release_cart_attempts(paying_cart text, newest_request uuid) RETURNS void LANGUAGE sql AS $$
  SELECT release_order_stock(older.order_id)
  FROM payment_requests older
  WHERE older.cart_key = paying_cart AND older.request_id IS DISTINCT FROM newest_request AND older.status = 'pending';
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_request_releases_older_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM release_cart_attempts(NEW.cart_key, NEW.request_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payment_requests_release_older_attempts AFTER INSERT ON "payment_requests" FOR EACH ROW
  WHEN (NEW.cart_key IS NOT NULL) EXECUTE FUNCTION payment_request_releases_older_attempts();--> statement-breakpoint
-- A payment that ends without the money gives its order's units back: the request declined, failed,
-- abandoned or superseded, or the authorization voided or expired.
CREATE OR REPLACE FUNCTION order_gives_stock_back() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM release_order_stock(NEW.order_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payment_requests_give_stock_back AFTER UPDATE OF status ON "payment_requests" FOR EACH ROW
  WHEN (OLD.status = 'pending' AND NEW.status IN ('declined', 'failed')) EXECUTE FUNCTION order_gives_stock_back();--> statement-breakpoint
-- An attempt closed without the money and found paid later (the shopper paid on a page left open): its money
-- is taken, so its units are too, even when none are left; the console then shows the product oversold.
CREATE OR REPLACE FUNCTION payment_request_retakes_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH retaken AS (
    UPDATE order_lines SET stock_held = true
    FROM products
    WHERE order_lines.order_id = NEW.order_id AND NOT order_lines.stock_held
      AND products.id = order_lines.product_id AND products.stock_on_hand IS NOT NULL
    RETURNING order_lines.product_id, order_lines.quantity
  )
  UPDATE products SET stock_on_hand = products.stock_on_hand - retaken.quantity
  FROM retaken WHERE products.id = retaken.product_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payment_requests_retake_stock AFTER UPDATE OF status ON "payment_requests" FOR EACH ROW
  WHEN (OLD.status IN ('declined', 'failed') AND NEW.status = 'approved') EXECUTE FUNCTION payment_request_retakes_stock();--> statement-breakpoint
CREATE TRIGGER payments_give_stock_back AFTER UPDATE OF capture_status ON "payments" FOR EACH ROW
  WHEN (OLD.capture_status = 'authorized' AND NEW.capture_status IN ('voided', 'expired')) EXECUTE FUNCTION order_gives_stock_back();
