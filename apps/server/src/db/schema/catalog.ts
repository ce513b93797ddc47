import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The catalog the owner runs (decision 061): products, their prices and the units left to sell. An order
 * line keeps its own price and name, so what a product becomes never changes an order placed before.
 */
export const products = pgTable(
  'products',
  {
    /** The product's address in the catalog (`pen-pack-100`), named by the order lines that sell it. */
    id: text('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** The storefront tab's label; the name when not given. */
    shortName: text('short_name'),
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /**
     * The units the store can still sell, or null when it does not count them. Checkouts take units as they
     * record an order (the triggers of migration 0033), and give them back when the payment ends without
     * the money. Below zero only when a payment found paid after it was closed took units that were gone.
     */
    stockOnHand: integer('stock_on_hand'),
    lowStockThreshold: integer('low_stock_threshold'),
    /** For business cards' line-item data: unit of measure, UPC, commodity code, and the tax category. */
    unitOfMeasure: text('unit_of_measure').notNull().default('EA'),
    upc: text('upc'),
    commodityCode: text('commodity_code'),
    taxCategory: text('tax_category'),
    active: boolean('active').notNull().default(true),
    /** Where the storefront lists it, lowest first. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_sku_unique').on(sql`lower(${table.sku})`),
    check('products_id_form', sql`${table.id} ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'`),
    check('products_price_range', sql`${table.priceCents} between 1 and 9999999`),
    check(
      'products_text_lengths',
      sql`char_length(${table.sku}) between 1 and 40 and char_length(${table.name}) between 1 and 100
        and coalesce(char_length(${table.shortName}), 1) between 1 and 24 and char_length(${table.description}) <= 2000`,
    ),
    check('products_stock_range', sql`coalesce(${table.stockOnHand}, 0) <= 1000000`),
    check('products_threshold_range', sql`coalesce(${table.lowStockThreshold}, 0) between 0 and 1000000`),
  ],
);

/**
 * The catalog's revision: one more each time what the storefront shows changes (a product added or edited,
 * or a product running out or back in stock). Servers keep the catalog they read with the revision it had,
 * and read it again only when the revision moved.
 */
export const catalogRevision = pgTable(
  'catalog_revision',
  {
    id: integer('id').primaryKey().default(1),
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
  },
  (table) => [check('catalog_revision_one_row', sql`${table.id} = 1`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A product's picture (decision 061), as the store made it from the owner's upload: resized to fit 800 px and
 * written as WebP. In the database, since servers share nothing else; `digest` names the bytes in the
 * picture's address, so browsers keep it until it changes.
 */
export const productImages = pgTable(
  'product_images',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    digest: text('digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('product_images_size', sql`octet_length(${table.bytes}) between 1 and 2000000`),
    check(
      'product_images_dimensions',
      sql`${table.width} between 1 and 800 and ${table.height} between 1 and 800`,
    ),
  ],
);
