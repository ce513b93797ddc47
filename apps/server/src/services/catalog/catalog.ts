import {
  centsToDollars,
  computeCartTotals,
  productImagePath,
  STOCK_MESSAGES,
  type CartLine,
  type CartTotals,
  type Product,
  type StorefrontProduct,
} from '@store/core';
import { readCatalogRevision, listProductRows, type ProductWithImage } from '../../db/catalog-store';
import { databaseRefusalOf, type Orm } from '../../db/client';
import { AppError } from '../../errors';

/**
 * The catalog as the store reads it (decision 061). Every server keeps the catalog it last read with the
 * database's revision of it (`catalog_revision`, moved by the products' triggers), and reads it again only
 * when the revision moved: the storefront's catalog call costs one small prepared read, like the lists'
 * answers kept by snapshot (decisions 021, 042).
 */

interface CatalogSnapshot {
  revision: number;
  rows: ProductWithImage[];
  /** What the storefront sells: the active products, as checkouts price them. */
  selling: Product[];
  /** The storefront's answer, written once per revision. */
  storefrontBody: string;
}

const snapshots = new WeakMap<Orm, CatalogSnapshot>();

function storefrontProductOf(row: ProductWithImage): StorefrontProduct {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName ?? row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    features: row.features,
    inStock: row.stockOnHand === null || row.stockOnHand > 0,
    ...(row.imageDigest ? { imageUrl: productImagePath(row.id, row.imageDigest) } : {}),
  };
}

async function readSnapshot(orm: Orm, revision: number): Promise<CatalogSnapshot> {
  const rows = await listProductRows(orm);
  const active = rows.filter((row) => row.active);
  const snapshot: CatalogSnapshot = {
    revision,
    rows,
    selling: active.map((row) => ({
      id: row.id,
      name: row.name,
      shortName: row.shortName ?? row.name,
      priceCents: row.priceCents,
      description: row.description,
      features: row.features,
    })),
    storefrontBody: JSON.stringify({ status: 'success', products: active.map(storefrontProductOf) }),
  };
  // A slower read of an older revision never replaces a newer one.
  const kept = snapshots.get(orm);
  if (!kept || kept.revision <= revision) snapshots.set(orm, snapshot);
  return snapshot;
}

/** The catalog as it stands now: the kept one while the database's revision has not moved. */
export async function currentCatalog(orm: Orm): Promise<CatalogSnapshot> {
  const revision = await readCatalogRevision(orm);
  const kept = snapshots.get(orm);
  return kept && kept.revision === revision ? kept : readSnapshot(orm, revision);
}

/** The storefront's catalog call: its answer's text, and the revision it is of (the answer's ETag). */
export async function storefrontCatalog(orm: Orm): Promise<{ revision: number; body: string }> {
  const snapshot = await currentCatalog(orm);
  return { revision: snapshot.revision, body: snapshot.storefrontBody };
}

/**
 * Prices a cart from the catalog this server read last, without asking the database first: the statement
 * that records the order checks every price against the products' rows (migration 0033), so a stale catalog
 * can refuse an order, never mis-price one. When the kept catalog does not give the total the payer was
 * shown (a price changed since it was read, on this server or another), the catalog is read again once.
 */
export async function priceCart(orm: Orm, items: CartLine[], amountCents: number): Promise<CartTotals> {
  const kept = snapshots.get(orm);
  const fromKept = kept ? pricedOrUndefined(items, kept.selling) : undefined;
  if (fromKept && fromKept.totalCents === amountCents) return fromKept;
  const fresh = await currentCatalog(orm);
  const unsold = items.find((item) => !fresh.selling.some((product) => product.id === item.productId));
  if (unsold) {
    const row = fresh.rows.find((product) => product.id === unsold.productId);
    if (!row) throw new AppError('invalid', 'Unknown product');
    throw new AppError('conflict', STOCK_MESSAGES.notSold(row.name));
  }
  const totals = computeCartTotals(items, fresh.selling);
  if (totals.totalCents !== amountCents) throw new AppError('invalid', 'Order total does not match the cart');
  return totals;
}

function pricedOrUndefined(items: CartLine[], catalog: readonly Product[]): CartTotals | undefined {
  try {
    return computeCartTotals(items, catalog);
  } catch {
    return undefined;
  }
}

/**
 * The database's refusal of an order for the catalog's sake (the codes of migration 0033) in the words the
 * payer reads, or undefined for any other error. The catalog is read again, so that the next attempt is
 * priced from what refused this one.
 */
export async function catalogRefusalOf(orm: Orm, error: unknown): Promise<AppError | undefined> {
  const refusal = databaseRefusalOf(error);
  if (!refusal || !['CT001', 'CT002', 'CT003'].includes(refusal.code)) return undefined;
  const catalog = await currentCatalog(orm);
  const row = catalog.rows.find((product) => product.id === refusal.detail);
  const name = row?.name ?? 'A product in your cart';
  if (refusal.code === 'CT001') return new AppError('conflict', STOCK_MESSAGES.notSold(name));
  if (refusal.code === 'CT002') return new AppError('conflict', STOCK_MESSAGES.priceChanged);
  const left = Number(refusal.hint ?? 0);
  return new AppError(
    'conflict',
    left > 0 ? STOCK_MESSAGES.onlyLeft(name, left) : STOCK_MESSAGES.outOfStock(name),
  );
}
