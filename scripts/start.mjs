// Starts the store: installs dependencies when missing, builds the storefront when its sources are newer
// than the build, then runs the server (API, storefront and, by default, the sandbox gateway) in one process.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(join(root, 'node_modules/.bin/tsx'))) {
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

const builtPage = join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'packages/core/src'].map((path) => join(root, path));
const sourceTime = Math.max(
  ...sources.map((path) =>
    statSync(path).isDirectory() ? newestModification(path) : statSync(path).mtimeMs,
  ),
);
if (!existsSync(builtPage) || statSync(builtPage).mtimeMs < sourceTime) {
  console.info('Building the storefront…');
  run(join(root, 'node_modules/.bin/vite'), [
    'build',
    '--config',
    'apps/web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
}

const server = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
