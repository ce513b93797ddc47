import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { PRODUCT_CSV_MESSAGES, productCsvHeader, productCsvLine, readProductCsv } from './product-csv';
import { PRODUCT_MESSAGES, type AdminProduct } from './schemas/catalog';

const PENS: AdminProduct = {
  id: 'pen-bp-200',
  name: 'Pens, "the good ones"',
  shortName: 'Pens',
  sku: 'PEN-BP-200',
  price: 14.99,
  description: 'Blue ink, "smooth"',
  features: ['-20% smudge', 'Pack of 200'],
  stockOnHand: 12,
  stockHeld: 0,
  lowStockThreshold: null,
  lowStock: false,
  unitOfMeasure: 'PK',
  upc: null,
  commodityCode: null,
  taxCategory: null,
  active: false,
  updatedAt: '2026-11-29T00:00:00.000Z',
};

describe('the catalog as a CSV file', () => {
  it('reads quoted fields, doubled quotes, line breaks inside, CRLF, a byte order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n\r\nlast,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
      ['last', ''],
    ]);
  });

  it('reads back what it exports, formula guards included', () => {
    const read = readProductCsv(productCsvHeader() + productCsvLine(PENS));
    expect(read).toEqual({
      rows: [
        {
          line: 2,
          sku: 'PEN-BP-200',
          product: {
            name: PENS.name,
            shortName: 'Pens',
            sku: 'PEN-BP-200',
            price: 1499,
            description: PENS.description,
            features: ['-20% smudge', 'Pack of 200'],
            stockOnHand: 12,
            lowStockThreshold: null,
            unitOfMeasure: 'PK',
            upc: null,
            commodityCode: null,
            taxCategory: null,
            active: false,
          },
        },
      ],
    });
  });

  it('refuses a file it cannot read as a catalog, and says what is wrong with each bad line', () => {
    expect(readProductCsv('')).toEqual({ fileError: PRODUCT_CSV_MESSAGES.empty });
    expect(readProductCsv('sku,colour\nA,red\n')).toEqual({
      fileError: PRODUCT_CSV_MESSAGES.unknownColumn('colour'),
    });
    expect(readProductCsv('price\n1\n')).toEqual({ fileError: PRODUCT_CSV_MESSAGES.noSkuColumn });
    const read = readProductCsv(
      'sku,name,price,stock_on_hand,active,description\nA,Alpha,0,,yes\nB,Beta,2.50,x,yes\nC,Gamma,1,,maybe\na,Again,1,,\nD,Delta,3,,no\nE,Echo,1,,yes,"two\nlines"\n',
    );
    expect('rows' in read && read.rows.map((row) => [row.line, row.error ?? 'ok'])).toEqual([
      [2, PRODUCT_MESSAGES.pricePositive],
      [3, PRODUCT_CSV_MESSAGES.notNumber('Stock on hand')],
      [4, PRODUCT_CSV_MESSAGES.active],
      [5, PRODUCT_CSV_MESSAGES.skuTwice('a')],
      [6, 'ok'],
      [7, PRODUCT_CSV_MESSAGES.controlCharacter('description')],
    ]);
  });
});
