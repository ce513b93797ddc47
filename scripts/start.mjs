// Starts the store: installs dependencies when missing, builds the storefront and compiles the server when
// their sources are newer than the builds, then runs the server (API, storefront and, by default, the
// sandbox gateway) in one process, as plain JavaScript.
import { spawnSync, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The builders and every package the server imports at run time (a checkout may bring new ones).
const serverPackage = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'));
const needed = ['vite', 'esbuild', ...Object.keys(serverPackage.dependencies)];
const installed = (name) =>
  existsSync(join(root, 'node_modules', name)) || existsSync(join(root, 'apps/server/node_modules', name));
if (!needed.every(installed)) {
  console.info('Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function newestModification(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether `output` is missing or older than any file among `sources` (files or folders). */
function outdated(output, sources) {
  if (!existsSync(join(root, output))) return true;
  const sourceTime = Math.max(
    ...sources.map((source) => {
      const path = join(root, source);
      return statSync(path).isDirectory() ? newestModification(path) : statSync(path).mtimeMs;
    }),
  );
  return statSync(join(root, output)).mtimeMs < sourceTime;
}

if (outdated('apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'packages/core/src'])) {
  console.info('Building the storefront…');
  run(join(root, 'node_modules/.bin/vite'), [
    'build',
    '--config',
    'apps/web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
}

if (
  outdated('apps/server/dist/main.js', [
    'apps/server/src',
    'packages/core/src',
    'packages/sandbox-gateway/src',
  ])
) {
  console.info('Compiling the server…');
  run(process.execPath, [join(root, 'scripts/build-server.mjs')]);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
