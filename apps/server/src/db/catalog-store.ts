import { asc, eq, sql } from 'drizzle-orm';
import type { Orm, Transaction } from './client';
import { queryRows } from './client';
import { insertAuditEvent } from './audit-store';
import { batchedPerDatabase } from './batched';
import { fixedStatement } from './prepared';
import { productImages, products } from './schema';

/** The catalog's tables (decision 061): products, their prices and the units left to sell. */

export type ProductRow = typeof products.$inferSelect;
export type ProductWrite = Omit<typeof products.$inferInsert, 'createdAt' | 'updatedAt'>;

const revisionStatement = fixedStatement<{ revision: string | number }>(
  'select revision from catalog_revision where id = 1',
);

/**
 * The catalog's revision: it moves whenever what the storefront shows changes (migration 0033). Requests that
 * ask together share one read (`batched`: a read begun before a request came is never its answer), so the
 * storefront's catalog call costs the database one small statement per batch, not one per shopper.
 */
export const readCatalogRevision: (orm: Orm) => Promise<number> = (() => {
  const read = batchedPerDatabase(async (orm: Orm, items: null[]) => {
    const [row] = await revisionStatement(orm, []);
    const revision = Number(row?.revision ?? 0);
    return items.map(() => revision);
  });
  return (orm: Orm) => read(orm, null);
})();

/** A product, and the digest of its picture when it has one (the picture's address names it). */
export type ProductWithImage = ProductRow & { imageDigest: string | null };

/** Every product, in the storefront's order (position, then name). */
export async function listProductRows(orm: Orm): Promise<ProductWithImage[]> {
  const rows = await orm
    .select({ product: products, imageDigest: productImages.digest })
    .from(products)
    .leftJoin(productImages, eq(productImages.productId, products.id))
    .orderBy(asc(products.position), asc(products.name), asc(products.id));
  return rows.map((row) => ({ ...row.product, imageDigest: row.imageDigest }));
}

export type ProductImageRow = typeof productImages.$inferSelect;

/** A product's picture. */
export async function findProductImage(orm: Orm, productId: string): Promise<ProductImageRow | undefined> {
  const [row] = await orm.select().from(productImages).where(eq(productImages.productId, productId)).limit(1);
  return row;
}

/** Sets a product's picture, or removes it (null); false when there is no such product. */
export async function saveProductImage(
  orm: Orm,
  productId: string,
  image: Omit<ProductImageRow, 'productId' | 'updatedAt'> | null,
  actor: string,
): Promise<boolean> {
  return orm.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) return false;
    if (image === null) {
      await tx.delete(productImages).where(eq(productImages.productId, productId));
    } else {
      await tx
        .insert(productImages)
        .values({ productId, ...image })
        .onConflictDoUpdate({ target: productImages.productId, set: { ...image, updatedAt: new Date() } });
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await insertAuditEvent(tx, {
      actor,
      action: 'product_image',
      outcome: 'success',
      detail:
        image === null
          ? `picture of ${productId} removed`
          : `picture of ${productId} set (${image.width} × ${image.height} WebP, ${image.bytes.length} bytes)`,
    });
    return true;
  });
}

export async function findProductRow(orm: Orm | Transaction, id: string): Promise<ProductRow | undefined> {
  const [row] = await orm.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** Every product, locked until the transaction ends: what an import reads before it writes. */
export async function lockAllProductRows(tx: Transaction): Promise<ProductRow[]> {
  return tx.select().from(products).orderBy(asc(products.id)).for('update');
}

/** The product with this SKU, whatever its case. */
export async function findProductBySku(tx: Transaction, sku: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(products)
    .where(sql`lower(${products.sku}) = lower(${sku})`)
    .limit(1);
  return row;
}

/**
 * The units each product's open payments hold: lines whose units are taken while their attempt is pending or
 * their authorization not yet captured (captured units are sold).
 */
export async function readHeldUnits(orm: Orm): Promise<Map<string, number>> {
  const rows = await queryRows<{ product_id: string; held: string | number }>(
    orm,
    sql`select l.product_id, sum(l.quantity) as held
      from order_lines l
      join payment_requests r on r.order_id = l.order_id
      left join payments p on p.order_id = l.order_id
      where l.stock_held and (p.order_id is null or p.capture_status = 'authorized')
      group by l.product_id`,
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.held)]));
}

/** Adds a product; the next position after every other. */
export async function insertProductRow(tx: Transaction, product: ProductWrite): Promise<ProductRow> {
  const [row] = await tx
    .insert(products)
    .values({
      ...product,
      position: sql`(select coalesce(max(position), 0) + 1 from products)`,
    })
    .returning();
  return row!;
}

/** Changes a product and answers it as it was before and after, or nothing when there is no such product. */
export async function updateProductRow(
  tx: Transaction,
  id: string,
  change: Omit<ProductWrite, 'id'>,
): Promise<{ before: ProductRow; after: ProductRow } | undefined> {
  const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!before) return undefined;
  const [after] = await tx
    .update(products)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return { before, after: after! };
}

/**
 * Gives an order's units back to stock once (the database's `release_order_stock`), answering how many units
 * went back; with the order's payment locked, and only when it captured money.
 */
export async function restockOrderLines(
  tx: Transaction,
  orderId: string,
): Promise<{ captured: boolean; units: number }> {
  const [payment] = await queryRows<{ captured_cents: number }>(
    tx,
    sql`select captured_cents from payments where order_id = ${orderId} for update`,
  );
  if (!payment || payment.captured_cents === 0) return { captured: false, units: 0 };
  const [held] = await queryRows<{ units: string | number }>(
    tx,
    sql`select coalesce(sum(l.quantity), 0) as units from order_lines l join products p on p.id = l.product_id
      where l.order_id = ${orderId} and l.stock_held and p.stock_on_hand is not null`,
  );
  await tx.execute(sql`select release_order_stock(${orderId})`);
  return { captured: true, units: Number(held?.units ?? 0) };
}
