import {
  centsToDollars,
  formatCents,
  PRODUCT_MESSAGES,
  productImagePath,
  RESTOCK_MESSAGES,
  type AdminProduct,
  type ProductInput,
} from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import {
  findProductBySku,
  findProductRow,
  insertProductRow,
  listProductRows,
  readHeldUnits,
  restockOrderLines,
  updateProductRow,
  type ProductRow,
  type ProductWrite,
} from '../../db/catalog-store';
import { isUniqueViolation, type Orm, type Transaction } from '../../db/client';
import { AppError } from '../../errors';

/**
 * The console's Products tab (decision 061): the owner adds, edits, deactivates and reactivates products.
 * Every change is written with its audit line (who, and the old and new price), all or nothing.
 */

function adminProductOf(row: ProductRow & { imageDigest?: string | null }, held: number): AdminProduct {
  const tracked = row.stockOnHand !== null;
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    sku: row.sku,
    price: centsToDollars(row.priceCents),
    description: row.description,
    features: row.features,
    stockOnHand: row.stockOnHand,
    stockHeld: held,
    lowStockThreshold: row.lowStockThreshold,
    lowStock: tracked && (row.stockOnHand! < 0 || row.stockOnHand! <= (row.lowStockThreshold ?? -1)),
    unitOfMeasure: row.unitOfMeasure,
    upc: row.upc,
    commodityCode: row.commodityCode,
    taxCategory: row.taxCategory,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
    ...(row.imageDigest ? { imageUrl: productImagePath(row.id, row.imageDigest) } : {}),
  };
}

/** Every product, active or not, with the units its open payments hold. */
export async function listProducts(orm: Orm): Promise<AdminProduct[]> {
  const [rows, held] = await Promise.all([listProductRows(orm), readHeldUnits(orm)]);
  return rows.map((row) => adminProductOf(row, held.get(row.id) ?? 0));
}

/** One product as the console reads it (from the list: a catalog is a few hundred products at most). */
export async function findAdminProduct(orm: Orm, id: string): Promise<AdminProduct> {
  const product = (await listProducts(orm)).find((entry) => entry.id === id);
  if (!product) throw new AppError('not_found', PRODUCT_MESSAGES.notFound);
  return product;
}

export function columnsOf(input: ProductInput): Omit<ProductWrite, 'id'> {
  return {
    sku: input.sku,
    name: input.name,
    shortName: input.shortName,
    priceCents: input.price,
    description: input.description,
    features: input.features,
    stockOnHand: input.stockOnHand,
    lowStockThreshold: input.lowStockThreshold,
    unitOfMeasure: input.unitOfMeasure,
    upc: input.upc,
    commodityCode: input.commodityCode,
    taxCategory: input.taxCategory,
    active: input.active,
  };
}

/** A new product's id: its SKU in lower case, with dashes between words (`PEN-BP-200` → `pen-bp-200`). */
function productIdOf(sku: string): string {
  return (
    sku
      .toLowerCase()
      .replaceAll(/[^a-z0-9]+/g, '-')
      .replaceAll(/^-+|-+$/g, '')
      .slice(0, 64)
      .replace(/-+$/, '') || 'product'
  );
}

/** The SKU's id, or with a number after it when another product has it (`a.b` and `a-b` both read `a-b`). */
export async function freeProductId(tx: Transaction, sku: string): Promise<string> {
  const base = productIdOf(sku);
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base.slice(0, 60).replace(/-+$/, '')}-${suffix}`;
    if (!(await findProductRow(tx, candidate))) return candidate;
  }
}

function refusalOf(error: unknown): never {
  if (isUniqueViolation(error)) {
    const constraint =
      (error as { cause?: { constraint?: string }; constraint?: string }).constraint ??
      (error as { cause?: { constraint?: string } }).cause?.constraint;
    throw new AppError(
      'conflict',
      constraint === 'products_pkey' ? PRODUCT_MESSAGES.idTaken : PRODUCT_MESSAGES.skuTaken,
    );
  }
  throw error;
}

/** Adds a product to the catalog; answers it as the console reads it. */
export async function addProduct(orm: Orm, input: ProductInput, operator: string): Promise<AdminProduct> {
  const row = await orm
    .transaction(async (tx) => {
      if (await findProductBySku(tx, input.sku)) throw new AppError('conflict', PRODUCT_MESSAGES.skuTaken);
      const added = await insertProductRow(tx, {
        id: await freeProductId(tx, input.sku),
        ...columnsOf(input),
      });
      await insertAuditEvent(tx, {
        actor: operator,
        action: 'product_add',
        amountCents: added.priceCents,
        outcome: 'success',
        detail: `${added.name} (SKU ${added.sku}) at ${formatCents(added.priceCents)}${stockWords(added)}`,
      });
      return added;
    })
    .catch(refusalOf);
  return adminProductOf(row, 0);
}

function stockWords(row: ProductRow): string {
  return row.stockOnHand === null ? ', stock not tracked' : `, ${row.stockOnHand} in stock`;
}

/**
 * Changes a product. `stockWas` is the stock the form showed: a stock left as it was is not written (units
 * checkouts took or gave back meanwhile stay counted), and one typed over a count that moved since is
 * refused, so the form is read again rather than a sale forgotten.
 */
export async function changeProduct(
  orm: Orm,
  id: string,
  input: ProductInput & { stockWas?: number | null },
  operator: string,
): Promise<AdminProduct> {
  const changed = await orm
    .transaction(async (tx) => {
      const columns = columnsOf(input);
      if (input.stockWas !== undefined && input.stockOnHand === input.stockWas) {
        delete columns.stockOnHand;
      }
      const result = await updateProductRow(tx, id, columns);
      if (!result) throw new AppError('not_found', PRODUCT_MESSAGES.notFound);
      const { before, after } = result;
      if (
        input.stockWas !== undefined &&
        columns.stockOnHand !== undefined &&
        before.stockOnHand !== input.stockWas
      ) {
        throw new AppError('conflict', stockMovedMessage(before.stockOnHand));
      }
      await insertAuditEvent(tx, {
        actor: operator,
        action: 'product_change',
        amountCents: after.priceCents,
        outcome: 'success',
        detail: changeWords(before, after),
      });
      return after;
    })
    .catch(refusalOf);
  return findAdminProduct(orm, changed.id);
}

function stockMovedMessage(now: number | null): string {
  return `The stock changed while you were editing: it is now ${now === null ? 'not tracked' : now}. Check it and save again.`;
}

/** What changed, for the audit log: the price old and new, always, and every other field that moved. */
function changeWords(before: ProductRow, after: ProductRow): string {
  const words = [
    `${after.name} (SKU ${after.sku}): price ${formatCents(before.priceCents)} → ${formatCents(after.priceCents)}`,
  ];
  if (before.stockOnHand !== after.stockOnHand) {
    words.push(`stock ${before.stockOnHand ?? 'not tracked'} → ${after.stockOnHand ?? 'not tracked'}`);
  }
  if (before.active !== after.active) words.push(after.active ? 'reactivated' : 'deactivated');
  const others = (
    [
      'name',
      'shortName',
      'sku',
      'description',
      'unitOfMeasure',
      'upc',
      'commodityCode',
      'taxCategory',
      'lowStockThreshold',
    ] as const
  ).filter((field) => before[field] !== after[field]);
  if (JSON.stringify(before.features) !== JSON.stringify(after.features)) others.push('features' as never);
  if (others.length > 0) words.push(`also changed: ${others.join(', ')}`);
  return words.join('; ');
}

/**
 * Puts a captured order's units back in stock: the operator says the goods came back (a refund alone gives
 * nothing back, since the goods may be lost or kept). Once per order; audited.
 */
export async function restockOrder(orm: Orm, orderId: string, operator: string): Promise<number> {
  return orm.transaction(async (tx) => {
    const { captured, units } = await restockOrderLines(tx, orderId);
    if (!captured) throw new AppError('conflict', RESTOCK_MESSAGES.notCaptured);
    if (units === 0) throw new AppError('conflict', RESTOCK_MESSAGES.nothingHeld);
    await insertAuditEvent(tx, {
      actor: operator,
      action: 'restock',
      orderId,
      outcome: 'success',
      detail: RESTOCK_MESSAGES.done(units),
    });
    return units;
  });
}
