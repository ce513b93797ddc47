/**
 * The cells of every CSV file the store writes (the history export, decision 018; the deposits export,
 * decision 036), in one place. A cell knows whether it is a number or text: a number is written as it is, so
 * that a spreadsheet adds it up (-148.64, not '-148.64); only text is guarded against formulas.
 */

/** A number cell whose exact text is kept: money as two decimals ("68.20", "-148.64"). */
export interface CsvNumber {
  readonly csvNumber: string;
}

/**
 * What a cell may hold: text (guarded), a number or a `CsvNumber` (written as they are), a boolean, or nothing
 * (an empty cell).
 */
export type CsvCell = string | number | boolean | CsvNumber | null | undefined;

/** A plain decimal number, as every spreadsheet reads one: an optional minus, digits, decimals. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** What a spreadsheet runs as a formula when a text cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `-13800` cents → the number cell "-138.00": money, signed, as exact two-decimal text. */
export function csvCents(cents: number): CsvNumber {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return { csvNumber: `${cents < 0 ? '-' : ''}${whole}.${fraction}` };
}

function isCsvNumber(value: CsvCell): value is CsvNumber {
  return typeof value === 'object' && value !== null && typeof value.csvNumber === 'string';
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, or line break, quotes doubled. A number is
 * written as it is; text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a
 * leading apostrophe, a number never does.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (isCsvNumber(value) && NUMBER_TEXT.test(value.csvNumber)) return value.csvNumber;
  // A number cell that is not a plain decimal (none is made so) is written as the text it is.
  let text = isCsvNumber(value) ? value.csvNumber : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One line of a file: its cells, with its CRLF. Joined, not concatenated cell by cell: one flat string, not a
 * rope of forty pieces to hold per line.
 */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The rows of a CSV file as a spreadsheet saves it (RFC 4180): fields split on commas, quoted fields with
 * doubled quotes and line breaks inside, CRLF or LF line ends, a UTF-8 byte order mark ignored, blank lines
 * left out. What `csvCell` guarded against formulas reads back as it was (the leading apostrophe dropped).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endField = () => {
    row.push(/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let index = 0; index < input.length; index += 1) {
    const character = input[index]!;
    if (quoted) {
      if (character !== '"') field += character;
      else if (input[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (character === '"' && field === '') {
      quoted = true;
    } else if (character === ',') endField();
    else if (character === '\n') endRow();
    else if (character === '\r') {
      if (input[index + 1] !== '\n') endRow();
    } else field += character;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
