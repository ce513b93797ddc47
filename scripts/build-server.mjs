// Compiles the server to one JavaScript file, apps/server/dist/main.js, which production runs with plain
// Node (no TypeScript loader); stack traces in the logs point at the TypeScript sources through its source
// map (node --enable-source-maps).
import { bundleEntry } from './server-bundle.mjs';

await bundleEntry('apps/server/src/main.ts', 'apps/server/dist/main.js');
