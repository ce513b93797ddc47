import { describe, expect, it } from 'vitest';
import { drawQrCode, keyGroups, recoveryCodesFileName, recoveryCodesText } from './authenticator-key';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Paperline%20Office%20Supply:mia?issuer=Paperline%20Office%20Supply&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;

describe('keyGroups', () => {
  it('writes the key in groups of four, as a person types it', () => {
    expect(keyGroups(SECRET)).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP', 'JBSW', 'Y3DP', 'EHPK', '3PXP']);
    expect(keyGroups('abcd efgh ij')).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(keyGroups('')).toEqual([]);
  });
});

describe('drawQrCode', () => {
  it('draws the otpauth URI as a square QR code with its three finder patterns', () => {
    const { size, path } = drawQrCode(URI);
    // Version 7 or so for a URI of this length: 4 modules more per version from 21.
    expect(size).toBeGreaterThanOrEqual(41);
    expect((size - 17) % 4).toBe(0);
    const dark = new Set(path.match(/M\d+ \d+/g));
    const isDark = (column: number, row: number) => dark.has(`M${column} ${row}`);
    // Each finder pattern: a 7×7 dark ring around a light ring around a 3×3 dark square.
    for (const [left, top] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      expect(isDark(left, top)).toBe(true);
      expect(isDark(left + 6, top + 6)).toBe(true);
      expect(isDark(left + 1, top + 1)).toBe(false);
      expect(isDark(left + 3, top + 3)).toBe(true);
    }
  });

  it('gives the same drawing for the same text', () => {
    expect(drawQrCode(URI)).toEqual(drawQrCode(URI));
    expect(drawQrCode(URI).path).not.toBe(drawQrCode(`${URI}x`).path);
  });
});

describe('recovery codes to keep', () => {
  it('writes the codes one a line, saying what they are and for whom', () => {
    const text = recoveryCodesText({
      storeName: 'Paperline Office Supply',
      username: 'mia@example.com',
      codes: ['abcde-fghij', 'klmno-pqrst'],
      madeAt: new Date('2026-11-28T14:00:00Z'),
    });
    expect(text.split('\n')).toEqual([
      'Paperline Office Supply: recovery codes for mia@example.com',
      'Made 2026-11-28. Each code signs you in once, instead of the code from your authenticator app.',
      'Keep them somewhere safe; anyone with them and your password can sign in as you.',
      '',
      'abcde-fghij',
      'klmno-pqrst',
      '',
    ]);
  });

  it('names the file after the store and the person, in plain letters', () => {
    expect(recoveryCodesFileName('Paperline Office Supply', 'mia@example.com')).toBe(
      'paperline-office-supply-mia-example-com-recovery-codes.txt',
    );
    expect(recoveryCodesFileName('Paperline', '***')).toBe('paperline-recovery-codes.txt');
  });
});
