import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SnapshotAnswers, type SnapshotRead } from './snapshot-answers';

/** A route answering from `answers`, with the snapshot and the read (of the list named) chosen by the test. */
async function appWith(
  answers: SnapshotAnswers,
  state: { snapshot: string; read: (name: string) => Promise<SnapshotRead> },
) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/list/:name',
    { schema: { response: { 200: z.object({ name: z.string(), rows: z.array(z.number()) }) } } },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      return answers.send(reply, name, state.snapshot, () => state.read(name));
    },
  );
  await app.ready();
  return app;
}

describe('answers kept by database snapshot', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('reads once per snapshot and again as soon as the snapshot changes', async () => {
    let reads = 0;
    let rows = [1, 2];
    const state = {
      snapshot: '10:12:10',
      read: async () => {
        reads += 1;
        return { snapshot: state.snapshot, answer: { name: 'pending', rows: [...rows] } };
      },
    };
    app = await appWith(new SnapshotAnswers(), state);
    const first = await app.inject('/list/pending');
    const second = await app.inject('/list/pending');
    expect(reads).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.json()).toEqual({ name: 'pending', rows: [1, 2] });

    rows = [1, 2, 3];
    state.snapshot = '10:13:10';
    expect((await app.inject('/list/pending')).json()).toEqual({ name: 'pending', rows: [1, 2, 3] });
    expect(reads).toBe(2);
  });

  it('keeps the snapshot the list was read in, not the one the request came with', async () => {
    let reads = 0;
    const state = {
      snapshot: '10:12:',
      // A commit landed between the session check and the list: the list was read in a newer snapshot.
      read: async () => {
        reads += 1;
        return { snapshot: '10:13:', answer: { name: 'history', rows: [reads] } };
      },
    };
    app = await appWith(new SnapshotAnswers(), state);
    expect((await app.inject('/list/history')).json().rows).toEqual([1]);
    expect((await app.inject('/list/history')).json().rows).toEqual([2]);
    state.snapshot = '10:13:';
    expect((await app.inject('/list/history')).json().rows).toEqual([2]);
    expect(reads).toBe(2);
  });

  it('sends the schema’s fields only, and keeps nothing read without a snapshot', async () => {
    let reads = 0;
    const state = {
      snapshot: '5:5:',
      read: async () => {
        reads += 1;
        return { answer: { name: 'empty', rows: [], secret: 'not in the schema' } };
      },
    };
    app = await appWith(new SnapshotAnswers(), state);
    const answer = await app.inject('/list/empty');
    expect(answer.json()).toEqual({ name: 'empty', rows: [] });
    await app.inject('/list/empty');
    expect(reads).toBe(2);
  });

  it('keeps as many answers as it is given room for, dropping the least recently stored', async () => {
    const readsOf = new Map<string, number>();
    app = await appWith(new SnapshotAnswers({ capacity: 2 }), {
      snapshot: '1:1:',
      read: async (name) => {
        readsOf.set(name, (readsOf.get(name) ?? 0) + 1);
        return { snapshot: '1:1:', answer: { name, rows: [] } };
      },
    });
    for (const name of ['a', 'b', 'a', 'c', 'a', 'b']) await app.inject(`/list/${name}`);
    // a and b kept; c pushed a out; a read again pushed b out; b read again.
    expect(Object.fromEntries(readsOf)).toEqual({ a: 2, b: 2, c: 1 });
  });
  it('answers requests of one snapshot that come together with one read, and others with their own', async () => {
    let reads = 0;
    const finishers: (() => void)[] = [];
    const state = {
      snapshot: '20:21:20',
      read: async () => {
        reads += 1;
        const answer = { name: 'pending', rows: [reads] };
        const snapshot = state.snapshot;
        await new Promise<void>((resolve) => finishers.push(resolve));
        return { snapshot, answer };
      },
    };
    app = await appWith(new SnapshotAnswers(), state);
    const together = [app.inject('/list/pending'), app.inject('/list/pending'), app.inject('/list/pending')];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(1);
    // A commit: the next request's session is read in another snapshot, and it must not share the read.
    state.snapshot = '20:22:20';
    const later = app.inject('/list/pending');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(2);
    for (const finish of finishers) finish();
    const answers = await Promise.all(together);
    expect(answers.map((answer) => answer.json().rows)).toEqual([[1], [1], [1]]);
    expect((await later).json().rows).toEqual([2]);
  });

  it('gives a failed read to each request that shared it, keeps nothing and reads again next time', async () => {
    let reads = 0;
    const state = {
      snapshot: '30:31:30',
      read: async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (reads === 1) throw new Error('connection lost');
        return { snapshot: state.snapshot, answer: { name: 'pending', rows: [reads] } };
      },
    };
    app = await appWith(new SnapshotAnswers(), state);
    const failed = await Promise.all([app.inject('/list/pending'), app.inject('/list/pending')]);
    expect(failed.map((answer) => answer.statusCode)).toEqual([500, 500]);
    expect(reads).toBe(1);
    expect((await app.inject('/list/pending')).json().rows).toEqual([2]);
  });

  it('answers a request in another snapshot from the kept bytes when the rows are unchanged, and keeps it with them', async () => {
    let reads = 0;
    const compared: string[] = [];
    let changed = false;
    const state = {
      snapshot: '40:41:40',
      read: async () => {
        reads += 1;
        return { snapshot: state.snapshot, answer: { name: 'pending', rows: [reads] } };
      },
    };
    const answers = new SnapshotAnswers({
      unchanged: async (before, now) => {
        compared.push(`${before} ${now}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        return !changed;
      },
    });
    app = await appWith(answers, state);
    expect((await app.inject('/list/pending')).json().rows).toEqual([1]);
    // A commit that changed no listed row (a checkout): compared once for the requests that come together.
    state.snapshot = '40:42:40';
    const together = await Promise.all([app.inject('/list/pending'), app.inject('/list/pending')]);
    expect(together.map((answer) => answer.json().rows)).toEqual([[1], [1]]);
    expect(reads).toBe(1);
    expect(compared).toEqual(['40:41:40 40:42:40']);
    // Kept with the newer snapshot: the next request in it is answered without comparing.
    await app.inject('/list/pending');
    expect(compared).toHaveLength(1);
    // A commit that changed a listed row: read again.
    changed = true;
    state.snapshot = '40:43:40';
    expect((await app.inject('/list/pending')).json().rows).toEqual([2]);
    expect(reads).toBe(2);
    expect(compared).toEqual(['40:41:40 40:42:40', '40:42:40 40:43:40']);
  });
});
