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
 * other) is missed, because any commit gives the next statement another snapshot, and the list is read
 * again. Only reads whose answer depends on the rows and the request alone may be kept (no clock, no
 * sequence). Bounded: the least recently stored answer goes first.
 */
export class SnapshotAnswers {
  readonly #kept = new Map<string, { snapshot: string; bytes: Buffer }>();
  /** Reads under way, by key and the snapshot of the sessions waiting for them. */
  readonly #reading = new Map<string, Promise<Buffer>>();

  constructor(private readonly capacity = 64) {}

  /**
   * Sends the answer to `key` (the call and its parameters) as seen in `snapshot`: the kept bytes when they were
   * read in that very snapshot, else `read()`'s answer, serialized by the route's schema and kept.
   */
  async send(reply: FastifyReply, key: string, snapshot: string, read: () => Promise<SnapshotRead>) {
    const kept = this.#kept.get(key);
    let bytes: Buffer;
    if (kept && kept.snapshot === snapshot) {
      bytes = kept.bytes;
    } else {
      // Requests whose sessions were read in the same snapshot share one read: it began after the first of
      // them was checked, so it sees every commit made before any of them came (decision 021). While
      // checkouts commit many times a second, the reads that come together are answered by one.
      const reading = `${key}\n${snapshot}`;
      let pending = this.#reading.get(reading);
      if (!pending) {
        pending = this.#read(reply, key, read).finally(() => this.#reading.delete(reading));
        this.#reading.set(reading, pending);
      }
      bytes = await pending;
    }
    return reply.type('application/json; charset=utf-8').send(bytes);
  }

  async #read(reply: FastifyReply, key: string, read: () => Promise<SnapshotRead>): Promise<Buffer> {
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
    if (this.#kept.size > this.capacity) this.#kept.delete(this.#kept.keys().next().value!);
  }
}
