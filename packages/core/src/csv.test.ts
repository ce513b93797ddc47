import { describe, expect, it } from 'vitest';
import { csvCell, csvCents, csvLine } from './csv';

describe('csvCell', () => {
  it('writes a number as a number, negative ones included: a spreadsheet adds them up', () => {
    expect(csvCell(csvCents(-14864))).toBe('-148.64');
    expect(csvCell(csvCents(-9966))).toBe('-99.66');
    expect(csvCell(csvCents(-1))).toBe('-0.01');
    expect(csvCell(csvCents(-100))).toBe('-1.00');
    expect(csvCell(csvCents(0))).toBe('0.00');
    expect(csvCell(csvCents(6820))).toBe('68.20');
    expect(csvCell(csvCents(123_456_789))).toBe('1234567.89');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('guards text that a spreadsheet would run, the same text as a number or not', () => {
    expect(csvCell('-148.64')).toBe("'-148.64");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('net sales -1.00')).toBe('net sales -1.00');
  });

  it('writes a number cell that is not a plain decimal as the text it is, guarded', () => {
    expect(csvCell({ csvNumber: '=1+1' })).toBe("'=1+1");
    expect(csvCell({ csvNumber: '-1,5' })).toBe(`"'-1,5"`);
  });

  it('makes money cells of whole cents only', () => {
    expect(() => csvCents(1.5)).toThrow(RangeError);
    expect(() => csvCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('csvLine', () => {
  it('joins the cells with commas and ends with CRLF', () => {
    expect(csvLine(['2026-03-01', '-F', csvCents(-14864), undefined, 'a,b', true])).toBe(
      `2026-03-01,'-F,-148.64,,"a,b",true\r\n`,
    );
  });
});
