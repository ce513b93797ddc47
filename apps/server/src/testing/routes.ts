import type { FastifyInstance } from 'fastify';

/** Every `METHOD /path` the server answers, read from Fastify's route tree (HEAD, which mirrors GET, left out). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    paths[depth] = path;
    paths.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}
