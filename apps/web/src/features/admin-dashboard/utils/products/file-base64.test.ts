import { describe, expect, it } from 'vitest';
import { bytesAsBase64 } from './file-base64';

describe('a file as base64', () => {
  it('gives what Node gives, for text with line ends and for bytes beyond one chunk', () => {
    const csv = new TextEncoder().encode('sku,name\r\nA,Ärger "quoted"\n');
    expect(bytesAsBase64(csv)).toBe(Buffer.from(csv).toString('base64'));
    const large = new Uint8Array(100_000).map((_, index) => (index * 31) % 256);
    expect(bytesAsBase64(large)).toBe(Buffer.from(large).toString('base64'));
  });
});
