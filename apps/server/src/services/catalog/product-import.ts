import { createHash } from 'node:crypto';
import {
  formatCents,
  PRODUCT_CSV_MESSAGES,
  productCsvHeader,
  productCsvLine,
  readProductCsv,
  type ProductImportResponse,
  type ProductImportRow,
  type ProductInput,
} from '@store/core';
import { insertAuditEvents } from '../../db/audit-store';
import {
  insertProductRow,
  lockAllProductRows,
  updateProductRow,
  type ProductRow,
} from '../../db/catalog-store';
import type { Orm, Transaction } from '../../db/client';
import { AppError } from '../../errors';
import { columnsOf, freeProductId, listProducts } from './products';

/**
 * The catalog as a CSV file (decision 061): exported, edited in a spreadsheet, imported back by SKU. An import
 * first answers a preview of what each line changes, and a token naming exactly that preview; the same file
 * sent with the token applies it, all or nothing, unless the catalog moved so that the file would now change
 * something else (a sale, an edit), in which case nothing is written and the new preview is asked for.
 */

const IMPORT_MESSAGES = {
  moved: 'The catalog changed since the preview. Preview the file again to see what it changes now.',
  lineErrors: 'Some lines cannot be read: fix them and preview again. Nothing was applied.',
} as const;

/** The export's lines: the header, then every product, active or not, in the storefront's order. */
export async function exportProductsCsv(orm: Orm): Promise<string[]> {
  const products = await listProducts(orm);
  return [productCsvHeader(), ...products.map(productCsvLine)];
}

type ReadRow = ReturnType<typeof readRows>[number];

/** The file's text: its base64 decoded exactly, as UTF-8, or refused. */
function csvTextOf(file: string): string {
  const bytes = Buffer.from(file, 'base64');
  try {
    if (bytes.toString('base64').replace(/=+$/, '') !== file.replace(/=+$/, ''))
      throw new Error('not base64');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid', PRODUCT_CSV_MESSAGES.notCsv);
  }
}

function readRows(csv: string) {
  const read = readProductCsv(csv);
  if ('fileError' in read) throw new AppError('invalid', read.fileError);
  return read.rows;
}

function stockText(stock: number | null): string {
  return stock === null ? 'not tracked' : String(stock);
}

/** Each field the line moves, as the preview shows it. */
function changesOf(current: ProductRow, next: ProductInput): string[] {
  const changes: string[] = [];
  const text = (label: string, from: string | null, to: string | null) => {
    if ((from ?? '') !== (to ?? '')) changes.push(`${label}: ${from || '(none)'} → ${to || '(none)'}`);
  };
  text('Name', current.name, next.name);
  text('Short name', current.shortName, next.shortName);
  if (current.priceCents !== next.price) {
    changes.push(`Price: ${formatCents(current.priceCents)} → ${formatCents(next.price)}`);
  }
  if (current.description !== next.description) changes.push('Description changed');
  if (JSON.stringify(current.features) !== JSON.stringify(next.features)) changes.push('Features changed');
  if (current.stockOnHand !== next.stockOnHand) {
    changes.push(`Stock: ${stockText(current.stockOnHand)} → ${stockText(next.stockOnHand)}`);
  }
  if (current.lowStockThreshold !== next.lowStockThreshold) {
    changes.push(
      `Low-stock threshold: ${current.lowStockThreshold ?? '(none)'} → ${next.lowStockThreshold ?? '(none)'}`,
    );
  }
  text('Unit of measure', current.unitOfMeasure, next.unitOfMeasure);
  text('UPC', current.upc, next.upc);
  text('Commodity code', current.commodityCode, next.commodityCode);
  text('Tax category', current.taxCategory, next.taxCategory);
  if (current.active !== next.active) changes.push(next.active ? 'Reactivated' : 'Deactivated');
  return changes;
}

function previewOf(rows: ReadRow[], current: ProductRow[]) {
  const bySku = new Map(current.map((product) => [product.sku.toLowerCase(), product]));
  return rows.map((row) => {
    const existing = bySku.get(row.sku.toLowerCase());
    if (row.error !== undefined) {
      const shown: ProductImportRow = {
        line: row.line,
        sku: row.sku,
        name: existing?.name ?? '',
        outcome: 'error',
        changes: [],
        error: row.error,
      };
      return { row, existing, shown };
    }
    const changes = existing ? changesOf(existing, row.product) : [];
    const outcome = !existing ? 'add' : changes.length > 0 ? 'change' : 'unchanged';
    const shown: ProductImportRow = {
      line: row.line,
      sku: row.product.sku,
      name: row.product.name,
      outcome,
      changes,
      error: null,
    };
    return { row, existing, shown };
  });
}

function tokenOf(csv: string, shown: ProductImportRow[]): string {
  return createHash('sha256').update(csv).update('\n').update(JSON.stringify(shown)).digest('base64url');
}

function summaryOf(shown: ProductImportRow[]): ProductImportResponse['summary'] {
  const count = (outcome: ProductImportRow['outcome']) =>
    shown.filter((row) => row.outcome === outcome).length;
  return { add: count('add'), change: count('change'), unchanged: count('unchanged'), error: count('error') };
}

/** Previews an import, or applies it when `previewToken` names the preview the file still gives. */
export async function importProducts(
  orm: Orm,
  request: { file: string; previewToken?: string },
  operator: string,
): Promise<ProductImportResponse> {
  const csv = csvTextOf(request.file);
  const rows = readRows(csv);
  return orm.transaction(async (tx) => {
    // Held until the import is written: no sale or edit moves a product between the preview and the write.
    const current = await lockAllProductRows(tx);
    const preview = previewOf(rows, current);
    const shown = preview.map((entry) => entry.shown);
    const previewToken = tokenOf(csv, shown);
    const answer = { status: 'success' as const, previewToken, rows: shown, summary: summaryOf(shown) };
    if (request.previewToken === undefined) return { ...answer, applied: false };
    if (request.previewToken !== previewToken) throw new AppError('conflict', IMPORT_MESSAGES.moved);
    if (answer.summary.error > 0) throw new AppError('invalid', IMPORT_MESSAGES.lineErrors);
    await applyPreview(tx, preview, operator);
    return { ...answer, applied: true };
  });
}

async function applyPreview(
  tx: Transaction,
  preview: ReturnType<typeof previewOf>,
  operator: string,
): Promise<void> {
  const audit: Parameters<typeof insertAuditEvents>[1] = [];
  for (const { row, existing, shown } of preview) {
    if (!row.product || shown.outcome === 'unchanged') continue;
    if (existing) {
      await updateProductRow(tx, existing.id, columnsOf(row.product));
      audit.push({
        actor: operator,
        action: 'product_change',
        amountCents: row.product.price,
        outcome: 'success',
        detail: `${row.product.name} (SKU ${row.product.sku}), imported: ${shown.changes.join('; ')}`,
      });
    } else {
      const id = await freeProductId(tx, row.product.sku);
      await insertProductRow(tx, { id, ...columnsOf(row.product) });
      audit.push({
        actor: operator,
        action: 'product_add',
        amountCents: row.product.price,
        outcome: 'success',
        detail: `${row.product.name} (SKU ${row.product.sku}) at ${formatCents(row.product.price)}, imported`,
      });
    }
  }
  await insertAuditEvents(tx, audit);
}
