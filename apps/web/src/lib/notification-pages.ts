import type { InfiniteData } from '@tanstack/react-query';
import type { Notification } from '@marketplace/shared/schemas/accounts';

// Notifications read a page at a time by cursor, newest first (the user's and the admins' lists): the pages
// loaded so far, as TanStack's infinite queries keep them, and the changes both make to them at once, before
// the fresh pages arrive.
export type NotificationPage = { items: Notification[]; nextCursor: string | null };
export type NotificationPages<Page extends NotificationPage = NotificationPage> = InfiniteData<
  Page,
  string | undefined
>;

// The loaded notices with a change applied (marking read at once).
export function updateLoadedNotifications<Page extends NotificationPage>(
  pages: NotificationPages<Page> | undefined,
  change: (notification: Notification) => Notification,
): NotificationPages<Page> | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, items: page.items.map(change) })) };
}

// A notice that arrived live, at the top of the first page unless it is loaded already.
export function withNewNotification<Page extends NotificationPage>(
  pages: NotificationPages<Page> | undefined,
  notification: Notification,
): NotificationPages<Page> | undefined {
  if (!pages) return pages;
  const isKnown = pages.pages.some((page) => page.items.some((known) => known.id === notification.id));
  if (isKnown) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page, index) =>
      index === 0 ? { ...page, items: [notification, ...page.items] } : page,
    ),
  };
}
