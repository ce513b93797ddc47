import { z } from 'zod';
import { csvCents, csvLine, parseCsv } from './csv';
import { dollarsToCents } from './money';
import { isCleanText } from './text';
import { productInputSchema, type AdminProduct, type ProductInput } from './schemas/catalog';

/**
 * The catalog as a CSV file (decision 061): exported from the Products tab, edited in a spreadsheet, and
 * imported back, matched by SKU, after a preview of what changes. One file format for both directions.
 */

export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'short_name',
  'price',
  'description',
  'features',
  'stock_on_hand',
  'low_stock_threshold',
  'unit_of_measure',
  'upc',
  'commodity_code',
  'tax_category',
  'active',
] as const;

/** Features share one cell, between these. */
const FEATURE_SEPARATOR = ' | ';
/** The most products one file may hold. */
export const PRODUCT_CSV_MAX_ROWS = 2000;

/** The largest file an import takes, as base64 (about 700 KB of CSV). */
const PRODUCT_CSV_MAX_BASE64 = 960_000;

export const PRODUCT_CSV_MESSAGES = {
  empty: 'The file holds no products',
  notCsv: 'The file is not a CSV file in UTF-8',
  tooLarge: 'The file is too large: split it into files of fewer products',
  controlCharacter: (column: string) => `${column} must not contain line breaks or other control characters`,
  noSkuColumn: 'The first line must name the columns, sku and name among them',
  unknownColumn: (column: string) => `Unknown column "${column}"`,
  tooManyRows: `A file holds at most ${PRODUCT_CSV_MAX_ROWS.toLocaleString('en-US')} products`,
  skuTwice: (sku: string) => `SKU ${sku} is on more than one line`,
  active: 'Active must be yes or no',
  notNumber: (column: string) => `${column} must be a whole number`,
} as const;

/** The file's header line. */
export function productCsvHeader(): string {
  return csvLine(PRODUCT_CSV_COLUMNS);
}

/** One product as a line of the file. */
export function productCsvLine(product: AdminProduct): string {
  return csvLine([
    product.sku,
    product.name,
    product.shortName,
    csvCents(dollarsToCents(product.price)),
    product.description,
    product.features.join(FEATURE_SEPARATOR),
    product.stockOnHand,
    product.lowStockThreshold,
    product.unitOfMeasure,
    product.upc,
    product.commodityCode,
    product.taxCategory,
    product.active ? 'yes' : 'no',
  ]);
}

/** A line of an imported file, read: the product it describes, or why it cannot be read. */
export type ProductCsvRow = { line: number; sku: string } & (
  | { product: ProductInput; error?: undefined }
  | { product?: undefined; error: string }
);

function wholeNumber(text: string | undefined, column: string): number | null | { error: string } {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  if (!/^-?\d+$/.test(trimmed)) return { error: PRODUCT_CSV_MESSAGES.notNumber(column) };
  return Number(trimmed);
}

/**
 * Reads an imported file: its header names the columns (in any order, `sku` and `name` required, others
 * optional: a missing column reads as its form's default), then one product a line. The whole file is
 * refused (`fileError`) when it cannot be read as a catalog; otherwise each line is read on its own, checked
 * by the Products form's own rules, with its line number for the preview.
 */
export function readProductCsv(text: string): { fileError: string } | { rows: ProductCsvRow[] } {
  const [header, ...lines] = parseCsv(text);
  if (!header || lines.length === 0) return { fileError: PRODUCT_CSV_MESSAGES.empty };
  const columns = header.map((name) => name.trim().toLowerCase());
  const unknown = columns.find((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) return { fileError: PRODUCT_CSV_MESSAGES.unknownColumn(unknown) };
  if (!columns.includes('sku') || !columns.includes('name'))
    return { fileError: PRODUCT_CSV_MESSAGES.noSkuColumn };
  if (lines.length > PRODUCT_CSV_MAX_ROWS) return { fileError: PRODUCT_CSV_MESSAGES.tooManyRows };
  const seen = new Set<string>();
  const rows = lines.map((cells, index): ProductCsvRow => {
    const cell = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => {
      const at = columns.indexOf(name);
      return at === -1 ? undefined : (cells[at] ?? '');
    };
    const line = index + 2;
    const sku = (cell('sku') ?? '').trim();
    if (sku !== '' && seen.has(sku.toLowerCase()))
      return { line, sku, error: PRODUCT_CSV_MESSAGES.skuTwice(sku) };
    seen.add(sku.toLowerCase());
    const unclean = columns.find((_name, at) => !isCleanText(cells[at] ?? ''));
    if (unclean !== undefined) return { line, sku, error: PRODUCT_CSV_MESSAGES.controlCharacter(unclean) };
    const stock = wholeNumber(cell('stock_on_hand'), 'Stock on hand');
    const threshold = wholeNumber(cell('low_stock_threshold'), 'Low-stock threshold');
    for (const number of [stock, threshold]) {
      if (number !== null && typeof number === 'object') return { line, sku, error: number.error };
    }
    const active = (cell('active') ?? 'yes').trim().toLowerCase();
    if (!['yes', 'no', 'true', 'false', ''].includes(active))
      return { line, sku, error: PRODUCT_CSV_MESSAGES.active };
    const features = cell('features');
    const parsed = productInputSchema.safeParse({
      sku,
      name: cell('name'),
      shortName: cell('short_name'),
      price: cell('price'),
      description: cell('description'),
      features: features === undefined ? undefined : features.split('|').map((feature) => feature.trim()),
      stockOnHand: stock,
      lowStockThreshold: threshold,
      unitOfMeasure: cell('unit_of_measure')?.trim() || undefined,
      upc: cell('upc'),
      commodityCode: cell('commodity_code'),
      taxCategory: cell('tax_category'),
      active: active !== 'no' && active !== 'false',
    });
    if (!parsed.success)
      return { line, sku, error: parsed.error.issues[0]?.message ?? 'This line cannot be read' };
    return { line, sku, product: parsed.data };
  });
  return { rows };
}

/** What the preview says of one line: a product to add, one to change (and how), one unchanged, or an error. */
export const productImportRowSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  name: z.string(),
  outcome: z.enum(['add', 'change', 'unchanged', 'error']),
  /** For a change: each field that moves, as the console shows it ("Price: $6.25 → $7.00"). */
  changes: z.array(z.string()),
  error: z.string().nullable(),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const productImportRequestSchema = z.object({
  /** The CSV file's bytes in base64: a file's line ends travel as they are, and JSON text holds none. */
  file: z
    .string({ error: PRODUCT_CSV_MESSAGES.empty })
    .min(1, PRODUCT_CSV_MESSAGES.empty)
    .max(PRODUCT_CSV_MAX_BASE64, PRODUCT_CSV_MESSAGES.tooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, PRODUCT_CSV_MESSAGES.notCsv),
  /**
   * Apply the preview that answered this token; without it, nothing is written and the preview is answered.
   * A catalog that moved since the preview (a sale, an edit) gives another token, and nothing is applied.
   */
  previewToken: z.string().max(100).optional(),
});

export const productImportResponseSchema = z.object({
  status: z.literal('success'),
  applied: z.boolean(),
  previewToken: z.string(),
  rows: z.array(productImportRowSchema),
  summary: z.object({ add: z.number(), change: z.number(), unchanged: z.number(), error: z.number() }),
});
export type ProductImportResponse = z.infer<typeof productImportResponseSchema>;
