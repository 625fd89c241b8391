import { messages, type MessageCode } from '@marketplace/shared/reply-texts';

// The success envelope (DESIGN.md). Lists keep `data` as the list itself and put paging in `meta`.
export function ok<T>(data: T, code: MessageCode = 'OK') {
  return { ok: true as const, message: messages[code], data };
}

export function okList<T>(
  data: T[],
  meta: { page?: number; pageSize?: number; total?: number; nextCursor?: string | null },
  code: MessageCode = 'OK',
) {
  return { ok: true as const, message: messages[code], data, meta };
}
