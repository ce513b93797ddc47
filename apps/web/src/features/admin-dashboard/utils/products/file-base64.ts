/**
 * A chosen file's bytes as base64, as the store's uploads take them (a CSV file's line ends and a picture's
 * bytes travel in JSON that way). Read in chunks: spreading a large file's bytes at once overflows the stack.
 */
export async function fileAsBase64(file: Blob): Promise<string> {
  return bytesAsBase64(new Uint8Array(await file.arrayBuffer()));
}

export function bytesAsBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}
