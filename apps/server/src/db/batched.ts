import type { Orm } from './client';

/**
 * Calls to the database made together (group commit, and its like for reads): each caller hands in one
 * item and gets its own result back, while the items go to the database in one statement. One statement
 * runs at a time; items handed in while it runs go together in the next one, so the batches grow with the
 * load and no item waits for more than one statement ahead of its own. Under load, a round trip to the
 * database (which costs the store and the database more than the rows it carries) serves many callers.
 *
 * With `statements`, that many run at once: while one is at the database, the next is gathered and sent,
 * so that the store's work on requests and the database's on a statement overlap instead of taking turns
 * (what a shopper waits on: checkouts, result pages, sessions). Each still starts after its items came.
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
  options: { statements?: number; gatherMs?: number; aloneOnFailure?: boolean } = {},
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  const statements = options.statements ?? 1;
  let waiting: Waiting[] = [];
  /** Statements under way, each counted from when it starts gathering its items. */
  let running = 0;
  const make = async (batch: Waiting[]) => {
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
  };
  const drain = async () => {
    while (waiting.length > 0) {
      if (options.gatherMs) await new Promise((resolve) => setTimeout(resolve, options.gatherMs));
      const batch = waiting;
      waiting = [];
      await make(batch);
    }
    running -= 1;
  };
  const start = () => {
    running += 1;
    // Once this turn of the event loop is over, so that the callers woken in it (gateway answers
    // read from several sockets, timers) have handed theirs in too: they go in the first statement together.
    setImmediate(() => void drain());
  };
  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // A statement already gathering takes this item too; otherwise one starts, if one more may run.
      if (waiting.length === 1 && running < statements) start();
    });
}

/**
 * `batched` for a statement made on a database: the items handed in for one database go together, each
 * database (the store's own, a test's) with its batches of its own.
 */
export function batchedPerDatabase<Item, Result>(
  run: (orm: Orm, items: Item[]) => Promise<Result[]>,
  options: { statements?: number; gatherMs?: number; aloneOnFailure?: boolean } = {},
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
