// Compiles one of the repository's TypeScript entry points (the store's apps/server/src/main.ts, the
// standalone sandbox gateway) to one JavaScript file that plain Node runs. The workspace packages (@store/*,
// TypeScript sources) are bundled in; npm packages stay imports, found in node_modules at run time: some are
// native or WASM (@node-rs/argon2, PGlite), some read files of their own (Swagger UI), and pino starts
// pino-pretty in a worker by name. The bundle must sit inside the repository, whose folder the server finds
// by walking up from its own file (apps/server/src/repository-root.ts).
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** Every bare import but the workspace's own packages is left to Node. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Compiles `entry` to `outfile`, both relative to the repository's folder or absolute. */
export async function bundleEntry(entry, outfile, { sourcemap = true } = {}) {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
}
