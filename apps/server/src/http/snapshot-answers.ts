import type { FastifyReply } from 'fastify';

/** What a read gives: the answer, and the database snapshot it was read in (none: not to be kept). */
export interface SnapshotRead {
  answer: unknown;
  snapshot?: string;
}

/**
 * Answers of the console's lists, kept as the bytes that were sent, each with the database snapshot it was
 * read in. Two statements in the same snapshot see the same rows, so a request whose session was read in
 * snapshot S gets, byte for byte, the answer read in S: nothing committed since (by this server or any
 * other) is missed, because any commit gives the next statement another snapshot (decision 021). A request
 * in another snapshot gets the kept bytes when `unchanged` says no row a list shows differs between the two
 * (decision 042), and the list is read again otherwise. Only reads whose answer depends on the rows and the
 * request alone may be kept (no clock, no sequence). Bounded: the least recently stored answer goes first.
 */
export class SnapshotAnswers {
  readonly #kept = new Map<string, { snapshot: string; bytes: Buffer }>();
  /** Answers under way, by key and the snapshot of the sessions waiting for them. */
  readonly #answering = new Map<string, Promise<Buffer>>();

  readonly #unchanged: (before: string, now: string) => Promise<boolean>;
  readonly #capacity: number;

  constructor(
    options: {
      /** Whether the lists show the same rows in the snapshot a kept answer was read in and a request's. */
      unchanged?: (before: string, now: string) => Promise<boolean>;
      /** How many answers are kept. */
      capacity?: number;
    } = {},
  ) {
    this.#unchanged = options.unchanged ?? (async () => false);
    this.#capacity = options.capacity ?? 64;
  }

  /**
   * Sends the answer to `key` (the call and its parameters) as seen in `snapshot`: the kept bytes when they were
   * read in that very snapshot or the rows are unchanged since, else `read()`'s answer, serialized by the
   * route's schema and kept.
   */
  async send(reply: FastifyReply, key: string, snapshot: string, read: () => Promise<SnapshotRead>) {
    const kept = this.#kept.get(key);
    let bytes: Buffer;
    if (kept && kept.snapshot === snapshot) {
      bytes = kept.bytes;
    } else {
      // Requests whose sessions were read in the same snapshot share one answer: a comparison with the kept
      // one's snapshot, or a read that began after the first of them was checked, so it sees every commit
      // made before any of them came (decision 021). While checkouts commit many times a second, the
      // requests that come together are answered by one.
      const answering = `${key}\n${snapshot}`;
      let pending = this.#answering.get(answering);
      if (!pending) {
        pending = this.#answer(reply, key, snapshot, read).finally(() => this.#answering.delete(answering));
        this.#answering.set(answering, pending);
      }
      bytes = await pending;
    }
    return reply.type('application/json; charset=utf-8').send(bytes);
  }

  async #answer(
    reply: FastifyReply,
    key: string,
    snapshot: string,
    read: () => Promise<SnapshotRead>,
  ): Promise<Buffer> {
    const kept = this.#kept.get(key);
    if (kept && (await this.#unchanged(kept.snapshot, snapshot))) {
      // The same rows: the kept bytes are this snapshot's answer too, and are kept with it.
      if (this.#kept.get(key) === kept) this.#keep(key, snapshot, kept.bytes);
      return kept.bytes;
    }
    const fresh = await read();
    // Kept encoded: writing a list's tens of kilobytes of text as UTF-8 on every answer was a third of the
    // time the store spent on it. The contract's serializer (http/contract.ts) writes JSON text.
    const bytes = Buffer.from(reply.serialize(fresh.answer) as string);
    if (fresh.snapshot !== undefined) this.#keep(key, fresh.snapshot, bytes);
    return bytes;
  }

  #keep(key: string, snapshot: string, bytes: Buffer): void {
    this.#kept.delete(key);
    this.#kept.set(key, { snapshot, bytes });
    if (this.#kept.size > this.#capacity) this.#kept.delete(this.#kept.keys().next().value!);
  }
}
