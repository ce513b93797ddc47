// Compiles the server to one JavaScript file, apps/server/dist/main.js, which production runs with plain
// Node (no TypeScript loader). The workspace packages (@store/*, TypeScript sources) are bundled in; npm
// packages stay imports, found in node_modules at run time: some are native or WASM (@node-rs/argon2,
// PGlite), some read files of their own (Swagger UI), and pino starts pino-pretty in a worker by name.
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

await build({
  absWorkingDir: root,
  entryPoints: ['apps/server/src/main.ts'],
  outfile: 'apps/server/dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces in the logs point at the TypeScript sources (node --enable-source-maps).
  sourcemap: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
