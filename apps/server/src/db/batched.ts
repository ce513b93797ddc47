import type { Orm } from './client';

/**
 * Calls to the database made together (group commit, and its like for reads): each caller hands in one
 * item and gets its own result back, while the items go to the database in one statement. One statement
 * runs at a time; items handed in while it runs go together in the next one, so the batches grow with the
 * load and no item waits for more than one statement ahead of its own. Under load, a round trip to the
 * database (which costs the store and the database more than the rows it carries) serves many callers.
 *
 * With `gatherMs`, each statement first waits that long for more items: fewer, larger statements, for
 * work that nobody waits on item by item.
 *
 * With `aloneOnFailure`, a statement of several items that fails is made again for each item alone, so
 * that one caller's bad item (a constraint it breaks) fails that caller only. A statement is one
 * transaction: the failed one left nothing written.
 */
export function batched<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  options: { gatherMs?: number; aloneOnFailure?: boolean } = {},
): (item: Item) => Promise<Result> {
  let waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    while (waiting.length > 0) {
      if (options.gatherMs) await new Promise((resolve) => setTimeout(resolve, options.gatherMs));
      const batch = waiting;
      waiting = [];
      try {
        const results = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        if (options.aloneOnFailure && batch.length > 1) {
          await Promise.all(
            batch.map((entry) => run([entry.item]).then(([result]) => entry.resolve(result!), entry.reject)),
          );
        } else {
          for (const entry of batch) entry.reject(error);
        }
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) {
        running = true;
        // Once this turn of the event loop is over, so that the callers woken in it (gateway answers
        // read from several sockets, timers) have handed theirs in too: they go in the first statement together.
        setImmediate(() => void drain());
      }
    });
}

/**
 * `batched` for a statement made on a database: the items handed in for one database go together, each
 * database (the store's own, a test's) with its batches of its own.
 */
export function batchedPerDatabase<Item, Result>(
  run: (orm: Orm, items: Item[]) => Promise<Result[]>,
  options: { gatherMs?: number; aloneOnFailure?: boolean } = {},
): (orm: Orm, item: Item) => Promise<Result> {
  const byDatabase = new WeakMap<Orm, (item: Item) => Promise<Result>>();
  return (orm, item) => {
    let submit = byDatabase.get(orm);
    if (!submit) {
      submit = batched((items: Item[]) => run(orm, items), options);
      byDatabase.set(orm, submit);
    }
    return submit(item);
  };
}
