import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Fetches a part of the app (its own chunk) once zod is set up for the page's CSP: parts are where the
 * schemas are (the storefront's entry has none, to stay small), so their code must not run before
 * lib/zod-without-eval. Every dynamic import of app code goes through here.
 */
export async function loadPart<Module>(load: () => Promise<Module>): Promise<Module> {
  await import('../lib/zod-without-eval');
  return load();
}

/**
 * A part of the app fetched when first rendered, inside the shared query client provider
 * (query-client.tsx, fetched along with the first part).
 */
export function lazyPart<Module, Props extends object = Record<string, never>>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const [module, { WithQueryClient }] = await Promise.all([loadPart(load), import('./query-client')]);
    const Part = pick(module);
    return {
      default: (props: Props) => (
        <WithQueryClient>
          <Part {...props} />
        </WithQueryClient>
      ),
    };
  });
}
