import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './helper';

// One page of a list paged by cursor, as the API answers it.
export type CursorPageReply<Item> = {
  data: Item[];
  meta: {
    pageSize: number;
    nextCursor: string | null;
    total?: number;
    totalCapped?: boolean;
    unread?: number;
  };
};

// Every page of a list paged by cursor, `pageSize` at a time, following meta.nextCursor as a client does (each
// page answered 200), up to `maxPages` pages (a cursor that never ended would otherwise hang the test).
export async function walkPages<Item>(
  app: FastifyInstance,
  path: string,
  { pageSize, token, maxPages = 100 }: { pageSize: number; token: string; maxPages?: number },
): Promise<CursorPageReply<Item>[]> {
  const pages: CursorPageReply<Item>[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response: { statusCode: number; json: <T>() => T } = await app.inject({
      url: `${path}${separator}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const page: CursorPageReply<Item> = response.json<CursorPageReply<Item>>();
    pages.push(page);
    cursor = page.meta.nextCursor;
  } while (cursor && pages.length < maxPages);
  return pages;
}
