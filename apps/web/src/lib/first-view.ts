import { userSession } from './session';

// The data the server wrote into the page for its first view (apps/api first-view.ts): the reply of the
// page's first API call, so that the first cards show as soon as the scripts run, without another round
// trip on a slow phone. Each page's data is used once: later visits to that page ask the API.

type FirstView = { name: string; renderedAt: number; body: unknown };

let pending: FirstView | null | undefined;

function readOnce(): FirstView | null {
  if (pending !== undefined) return pending;
  pending = null;
  const element = typeof document === 'undefined' ? null : document.getElementById('first-view-data');
  if (!element?.textContent) return pending;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<FirstView>;
    if (typeof parsed.name === 'string' && typeof parsed.renderedAt === 'number' && parsed.body) {
      pending = parsed as FirstView;
    }
  } catch {
    // A page cut short on a bad connection: the page asks the API as usual.
  }
  return pending;
}

// Query options that start a query from the page's data when the page carries it for `name`. The data is
// as old as the page: a page kept by the service worker is refetched at once when it is stale. It is the
// public view: for a logged-in user it is shown at once and refetched with their token straight away.
export function firstViewQueryData<Body, Data>(name: string, toData: (body: Body) => Data) {
  let updatedAt = 0;
  return {
    initialData: (): Data | undefined => {
      const view = readOnce();
      if (view?.name !== name) return undefined;
      pending = null;
      updatedAt = userSession.get() ? 0 : view.renderedAt;
      return toData(view.body as Body);
    },
    initialDataUpdatedAt: () => updatedAt,
  };
}
