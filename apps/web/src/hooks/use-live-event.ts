import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  liveState,
  subscribeLiveEvent,
  subscribeLiveState,
  type LiveAudience,
  type LiveState,
} from '../lib/live-events';

// Live events for components (decision 023): features listen here, never to each other. The stream opens
// while at least one component listens and the reader is signed in.

// Calls `handler` with the data of each `type` event for the reader (the user's by default). The latest
// handler is used without subscribing again. `enabled: false` listens to nothing.
export function useLiveEvent<T = unknown>(
  type: string,
  handler: (data: T) => void,
  { audience = 'user', enabled = true }: { audience?: LiveAudience; enabled?: boolean } = {},
) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribeLiveEvent(audience, type, (data) => latest.current(data as T));
  }, [audience, type, enabled]);
}

export function useLiveState(audience: LiveAudience = 'user'): LiveState {
  const subscribe = useCallback((listener: () => void) => subscribeLiveState(audience, listener), [audience]);
  return useSyncExternalStore(
    subscribe,
    () => liveState(audience),
    () => 'idle' as const,
  );
}

// Polling only as the fallback: `intervalMs` while the stream is not open, else none (for TanStack
// Query's refetchInterval).
export function useFallbackPolling(intervalMs: number, audience: LiveAudience = 'user'): number | false {
  return useLiveState(audience) === 'open' ? false : intervalMs;
}
