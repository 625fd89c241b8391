import { describe, expect, it } from 'vitest';
import { batched } from './batch';

describe('batched', () => {
  it('makes the keys asked for in one turn one call, and gives each caller the value at its place', async () => {
    const calls: number[][] = [];
    const double = batched(
      (keys: number[]) => {
        calls.push(keys);
        return Promise.resolve(keys.map((key) => key * 2));
      },
      { maxKeys: 10 },
    );
    expect(await Promise.all([3, 1, 2, 1].map(double))).toEqual([6, 2, 4, 2]);
    expect(await double(5)).toBe(10);
    expect(calls).toEqual([[3, 1, 2, 1], [5]]);
  });

  it('splits more than maxKeys asked at once into calls of maxKeys', async () => {
    const calls: number[][] = [];
    const same = batched(
      (keys: number[]) => {
        calls.push(keys);
        return Promise.resolve(keys);
      },
      { maxKeys: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map(same))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("gives every caller of a batch the call's error, and the next batch its own answer", async () => {
    let fails = true;
    const read = batched(
      (keys: string[]) =>
        fails
          ? Promise.reject(new Error('database down'))
          : Promise.resolve(keys.map((key) => key.toUpperCase())),
      { maxKeys: 10 },
    );
    const outcomes = await Promise.allSettled(['a', 'b'].map(read));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(
      outcomes.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message),
    ).toEqual(['database down', 'database down']);
    fails = false;
    expect(await read('c')).toBe('C');
  });

  it('turns a load that throws before its promise into rejections', async () => {
    const load = (keys: string[]): Promise<string[]> => {
      throw new Error(`bad statement for ${keys.length}`);
    };
    const read = batched(load, { maxKeys: 10 });
    await expect(read('a')).rejects.toThrow('bad statement for 1');
  });

  it('rejects only the caller whose place holds an Error', async () => {
    const read = batched(
      (keys: string[]) => Promise.resolve(keys.map((key) => (key === 'bad' ? new Error('bad row') : key))),
      { maxKeys: 10 },
    );
    const outcomes = await Promise.allSettled(['a', 'bad'].map(read));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: new Error('bad row') },
    ]);
  });

  it('rejects every caller when the load gives fewer values than keys', async () => {
    const read = batched((keys: string[]) => Promise.resolve(keys.slice(1)), { maxKeys: 10 });
    const outcomes = await Promise.allSettled(['a', 'b'].map(read));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });
});
