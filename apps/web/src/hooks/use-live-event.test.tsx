import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import { RESYNC, resetLiveEventsForTests } from '../lib/live-events';
import { userSession } from '../lib/session';
import { FakeEventSource, stubEventSource } from '../test/fake-event-source';
import { answer, answerApi } from '../test/api';
import { logInAs, logInAsAdmin } from '../test/render-routes';
import { useFallbackPolling, useLiveEvent, useLiveState } from './use-live-event';

let tickets = 0;
function stubTickets() {
  tickets = 0;
  return answerApi({
    'POST /api/events/ticket': () => {
      tickets += 1;
      return answer.ok({ ticket: `ticket-${tickets}`, expiresInSeconds: 60 });
    },
  });
}

beforeEach(() => {
  stubEventSource();
});
afterEach(() => {
  resetLiveEventsForTests();
});

function useNotificationsAndState(handler: (data: unknown) => void) {
  useLiveEvent('notification', handler);
  return useLiveState();
}

describe('useLiveEvent', () => {
  it('opens one stream with a ticket from the user’s token and hands each event’s data to the handler', async () => {
    logInAs();
    const { callsTo } = stubTickets();
    const first = vi.fn();
    const second = vi.fn();
    const { result } = renderHook(() => {
      useLiveEvent('notification', second);
      return useNotificationsAndState(first);
    });
    expect(result.current).toBe('connecting');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events?ticket=ticket-1');
    expect(callsTo('POST', '/api/events/ticket')[0]?.headers.get('Authorization')).toBe('Bearer user-token');

    act(() => source.send('ready', { resumed: false }, '7'));
    expect(result.current).toBe('open');
    act(() => source.send('notification', { unread: 3 }, '8'));
    expect(first).toHaveBeenCalledWith({ unread: 3 });
    expect(second).toHaveBeenCalledWith({ unread: 3 });
    act(() => source.send('other', { unread: 4 }, '9'));
    expect(first).toHaveBeenCalledTimes(1);
    // Still one stream for both listeners.
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('reconnects after a drop with a fresh ticket, resuming after the last event; resync only when it could not resume', async () => {
    logInAs();
    stubTickets();
    const onNotification = vi.fn();
    const onResync = vi.fn();
    const { result } = renderHook(() => {
      useLiveEvent(RESYNC, onResync);
      return useNotificationsAndState(onNotification);
    });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.latest().send('ready', { resumed: false }, '7'));
    act(() => FakeEventSource.latest().send('notification', { n: 1 }, '12'));

    act(() => FakeEventSource.latest().fail());
    expect(result.current).toBe('down');
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    const second = FakeEventSource.latest();
    expect(second.query.get('ticket')).toBe('ticket-2');
    expect(second.query.get('lastEventId')).toBe('12');
    act(() => second.send('ready', { resumed: true }, '12'));
    expect(result.current).toBe('open');
    expect(onResync).not.toHaveBeenCalled();

    act(() => second.fail());
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(3));
    act(() => FakeEventSource.latest().send('ready', { resumed: false }, '40'));
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('closes the stream when nothing listens any more, and when the user logs out', async () => {
    logInAs();
    stubTickets();
    const listening = renderHook(() => useLiveEvent('notification', () => {}));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    listening.unmount();
    expect(FakeEventSource.latest().closed).toBe(true);

    const again = renderHook(() => useNotificationsAndState(() => {}));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    act(() => userSession.clear());
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(again.result.current).toBe('idle');
  });

  it('opens nothing for a visitor', () => {
    const { calls } = stubTickets();
    const { result } = renderHook(() => useNotificationsAndState(() => {}));
    expect(result.current).toBe('idle');
    expect(calls).toHaveLength(0);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('uses the admin’s token for the admin’s stream', async () => {
    logInAsAdmin();
    const { callsTo } = stubTickets();
    renderHook(() => useLiveEvent('notification', () => {}, { audience: 'admin' }));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(callsTo('POST', '/api/events/ticket')[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
  });
});

describe('useFallbackPolling', () => {
  // Admins' lists are polled every 5000 ms while their stream is down (ADMIN_NOTIFICATION_POLL_MS).
  it.each([
    { reader: 'user', logIn: () => logInAs(), intervalMs: 5000, audience: 'user' as const },
    {
      reader: 'admin',
      logIn: () => logInAsAdmin(),
      intervalMs: ADMIN_NOTIFICATION_POLL_MS,
      audience: 'admin' as const,
    },
  ])(
    'polls for the $reader while the stream is not open, and stops once it is',
    async ({ logIn, intervalMs, audience }) => {
      expect(intervalMs).toBe(5000);
      logIn();
      stubTickets();
      const { result } = renderHook(() => useFallbackPolling(intervalMs, audience));
      expect(result.current).toBe(5000);
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      act(() => FakeEventSource.latest().send('ready', { resumed: false }, '1'));
      expect(result.current).toBe(false);
      act(() => FakeEventSource.latest().fail());
      expect(result.current).toBe(5000);
    },
  );

  it('keeps polling when the server turned live events off (503)', async () => {
    logInAs();
    answerApi({
      'POST /api/events/ticket': answer.fail(
        503,
        'LIVE_EVENTS_UNAVAILABLE',
        'Live updates are not available right now.',
      ),
    });
    const { result } = renderHook(() => {
      useLiveEvent('notification', () => {});
      return useLiveState();
    });
    await waitFor(() => expect(result.current).toBe('down'));
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
