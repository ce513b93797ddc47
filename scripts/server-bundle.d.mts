/** Compiles a TypeScript entry point of the repository to one JavaScript file (server-bundle.mjs). */
export declare function bundleEntry(
  entry: string,
  outfile: string,
  options?: { sourcemap?: boolean },
): Promise<void>;
