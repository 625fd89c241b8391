import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { visitorDetailsJson } from './reads';

// A database whose statements `answer` decides, by the ids they ask for (decision 093).
function fakeDatabase(answer: (ids: string[]) => Promise<unknown[]>) {
  const asked: string[][] = [];
  const query = ({ values }: { values: unknown[] }) => {
    const ids = values[0] as string[];
    asked.push(ids);
    return answer(ids).then((rows) => ({ rows }));
  };
  return { db: { $client: { query } } as unknown as Database, asked };
}
const row = (n: number, id: string) => ({
  n,
  ownerId: 'owner',
  isPublic: true,
  body: `{"id":"${id}"}`,
  related: null,
});

describe('visitors’ product pages read together', () => {
  it('reads each listing alone when the batch fails for another reason than an unreachable database', async () => {
    const { db, asked } = fakeDatabase((ids) => {
      if (ids.length > 1)
        return Promise.reject(Object.assign(new Error('statement timeout'), { code: '57014' }));
      if (ids[0] === 'bad') return Promise.reject(Object.assign(new Error('bad row'), { code: '22P02' }));
      return Promise.resolve(ids[0] === 'gone' ? [] : [row(1, ids[0] ?? '')]);
    });
    const pages = await visitorDetailsJson({ db, ids: ['a', 'bad', 'gone'] });
    expect(pages[0]).toBe('{"id":"a", "relatedProducts" : []}');
    expect(pages[1]).toMatchObject({ message: 'bad row' });
    expect(pages[2]).toBeNull();
    expect(asked).toEqual([['a', 'bad', 'gone'], ['a'], ['bad'], ['gone']]);
  });

  it('fails the whole batch at once when the database is out of reach', async () => {
    const { db, asked } = fakeDatabase(() =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    );
    await expect(visitorDetailsJson({ db, ids: ['a', 'b'] })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(asked).toEqual([['a', 'b']]);
  });
});
