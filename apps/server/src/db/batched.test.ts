import { describe, expect, it } from 'vitest';
import { batched } from './batched';

describe('batched calls', () => {
  it('writes the items handed in together at once, and those handed in during a write in the next', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const submit = batched(async (items: number[]) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    });
    const first = [submit(1), submit(2), submit(3)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = [submit(4), submit(5)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writes).toEqual([[1, 2, 3]]);
    release();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('gives a failed write to each of its callers, and goes on with the next', async () => {
    let calls = 0;
    const submit = batched(async (items: string[]) => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return items.map((item) => item.toUpperCase());
    });
    const failed = [submit('a'), submit('b')].map((promise) =>
      promise.catch((error: Error) => error.message),
    );
    expect(await Promise.all(failed)).toEqual(['database gone', 'database gone']);
    expect(await submit('c')).toBe('C');
  });

  it('with aloneOnFailure, makes a failed write again for each item alone, so that a bad item fails only its caller', async () => {
    const writes: string[][] = [];
    const submit = batched(
      async (items: string[]) => {
        writes.push(items);
        if (items.includes('bad')) throw new Error(`refused: ${items.join(',')}`);
        return items.map((item) => item.toUpperCase());
      },
      { aloneOnFailure: true },
    );
    const answers = await Promise.allSettled([submit('a'), submit('bad'), submit('c')]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused: bad') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    // One item alone is not made twice: its caller gets the failure at once.
    await expect(submit('bad')).rejects.toThrow('refused: bad');
    expect(writes).toHaveLength(5);
  });

  it('waits gatherMs before each write, so that the items handed in meanwhile go in it too', async () => {
    const writes: { items: number[]; at: number }[] = [];
    const started = performance.now();
    const submit = batched(
      async (items: number[]) => {
        writes.push({ items, at: performance.now() - started });
        return items;
      },
      { gatherMs: 40 },
    );
    const first = submit(1);
    await new Promise((resolve) => setTimeout(resolve, 15));
    const second = submit(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(writes.map((write) => write.items)).toEqual([[1, 2]]);
    expect(writes[0]!.at).toBeGreaterThanOrEqual(39);
  });
});
