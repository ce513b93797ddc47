CREATE TABLE "product_images" (
	"product_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_size" CHECK (octet_length("product_images"."bytes") between 1 and 2000000),
	CONSTRAINT "product_images_dimensions" CHECK ("product_images"."width" between 1 and 800 and "product_images"."height" between 1 and 800)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A picture added, replaced or removed changes what the storefront shows: the catalog's revision moves.
CREATE TRIGGER product_images_changed AFTER INSERT OR UPDATE OR DELETE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION catalog_revision_next();
