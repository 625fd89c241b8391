import { describe, expect, it } from 'vitest';
import { withNewestPage } from './cursor-pages';

type Page = { items: { id: string; createdAt: string }[]; nextCursor: string | null };
// Items whose id is their minute: '4' was written at 10:04.
const page = (ids: string[], nextCursor: string | null = null): Page => ({
  items: ids.map((id) => ({ id, createdAt: `2026-11-30T10:0${id}:00.000Z` })),
  nextCursor,
});
const pages = (...list: Page[]) => ({
  pages: list,
  pageParams: list.map((_, index) => (index ? `c${index}` : undefined)),
});
const ids = (data: { pages: Page[] } | undefined) =>
  data?.pages.map((one) => one.items.map((item) => item.id));

describe('withNewestPage', () => {
  it('puts what is new above the first page and keeps the pages after it', () => {
    const data = pages(page(['4', '3'], 'c1'), page(['2', '1']));
    expect(ids(withNewestPage(data, page(['6', '5', '4'], 'x')))).toEqual([
      ['6', '5', '4', '3'],
      ['2', '1'],
    ]);
    expect(withNewestPage(data, page(['6', '5', '4'], 'x'))?.pages[0]?.nextCursor).toBe('c1');
  });

  it('puts an item that came late in its place by time', () => {
    const data = pages(page(['5', '3'], 'c1'), page(['2', '1']));
    expect(ids(withNewestPage(data, page(['6', '5', '4', '3'], 'x')))).toEqual([
      ['6', '5', '4', '3'],
      ['2', '1'],
    ]);
  });

  it('keeps the pages as they are when nothing is new', () => {
    const data = pages(page(['4', '3'], 'c1'), page(['2', '1']));
    expect(withNewestPage(data, page(['4', '3'], 'c1'))).toBe(data);
  });

  it('takes the newest page as the first when the list was empty', () => {
    expect(ids(withNewestPage(pages(page([])), page(['1'])))).toEqual([['1']]);
  });

  it('asks for the list again when the newest page shares nothing with the first (more came than a page holds)', () => {
    expect(withNewestPage(pages(page(['4', '3'], 'c1')), page(['9', '8'], 'x'))).toBeUndefined();
    expect(withNewestPage(undefined, page(['1']))).toBeUndefined();
  });
});
