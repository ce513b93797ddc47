import qrcode from 'qrcode-generator';

/**
 * The authenticator app's key as a person types it (decision 059): in groups of four, as most apps show
 * and accept it ("ABCD EFGH …"); the apps read it with or without the spaces.
 */
export function keyGroups(secret: string): string[] {
  const plain = secret.replace(/\s/g, '').toUpperCase();
  return plain.match(/.{1,4}/g) ?? [];
}

/** A QR code as a square of dark and light modules: an SVG path of its dark ones, one unit each. */
export interface QrDrawing {
  /** Modules on a side, without the quiet zone. */
  size: number;
  /** `M x y h1 v1 h-1 z` for every dark module. */
  path: string;
}

/**
 * The QR code of `text` (the otpauth URI), error correction M as authenticator apps expect; the version
 * the text needs. Drawn by the caller at any size, so it stays sharp.
 */
export function drawQrCode(text: string): QrDrawing {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (code.isDark(row, column)) parts.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size, path: parts.join('') };
}

/**
 * The recovery codes as a text file the person keeps (a password manager, a printout): what they are, for
 * whom, when they were made, and the codes one a line.
 */
export function recoveryCodesText(input: {
  storeName: string;
  username: string;
  codes: readonly string[];
  madeAt: Date;
}): string {
  const lines = [
    `${input.storeName}: recovery codes for ${input.username}`,
    `Made ${input.madeAt.toISOString().slice(0, 10)}. Each code signs you in once, instead of the code from your authenticator app.`,
    'Keep them somewhere safe; anyone with them and your password can sign in as you.',
    '',
    ...input.codes,
    '',
  ];
  return lines.join('\n');
}

/** The downloaded file's name: the store's and the person's, in plain letters. */
export function recoveryCodesFileName(storeName: string, username: string): string {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return `${[plain(storeName), plain(username), 'recovery-codes'].filter(Boolean).join('-')}.txt`;
}
