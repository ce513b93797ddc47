import { findProduct, type Product, type ProductId } from './catalog';
import type { Cents } from './money';
import { computeTaxCents } from './tax';

/** How many of one product a single order line may hold. */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 999;

export interface CartLine {
  productId: ProductId;
  quantity: number;
}

export interface PricedLine extends CartLine {
  /** The product's name as the catalog gave it when the line was priced. */
  productName: string;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** Prices cart lines from a catalog: subtotal, 5% tax (half-up to the cent) and total. */
export function computeCartTotals(lines: readonly CartLine[], catalog: readonly Product[]): CartTotals {
  const priced = lines.map((line) => {
    const product = findProduct(catalog, line.productId);
    if (!product) throw new RangeError(`Unknown product: ${line.productId}`);
    if (
      !Number.isInteger(line.quantity) ||
      line.quantity < MIN_LINE_QUANTITY ||
      line.quantity > MAX_LINE_QUANTITY
    ) {
      throw new RangeError(`Quantity out of range: ${line.quantity}`);
    }
    return {
      ...line,
      productName: product.name,
      unitPriceCents: product.priceCents,
      lineTotalCents: product.priceCents * line.quantity,
    };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const taxCents = computeTaxCents(subtotalCents);
  return { lines: priced, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
