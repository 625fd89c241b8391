// A tiny per-process cache of serialized public replies (the home list, a category, a product page).
// Many phones ask for the same first page within a second; serving it from memory spares the database
// and the serializer. Any listing change in this process clears it; other processes see a change
// after at most `ttlMs` (docs/decisions/007).
export type MicroCache = {
  get: (key: string) => string | undefined;
  // The cache's generation when a reply started to be computed; `set` keeps a body only if no change
  // cleared the cache since (a read that began before a change must not store the old body after it).
  generation: () => number;
  set: (key: string, body: string, generation: number) => void;
  clear: () => void;
  // Lookups since the start, for the metrics.
  stats: () => { hits: number; misses: number };
};

export function createMicroCache({
  ttlMs,
  maxEntries = 500,
}: {
  ttlMs: number;
  maxEntries?: number;
}): MicroCache {
  const entries = new Map<string, { body: string; expiresAt: number }>();
  let currentGeneration = 0;
  let hits = 0;
  let misses = 0;
  return {
    generation: () => currentGeneration,
    stats: () => ({ hits, misses }),
    get(key) {
      const entry = ttlMs > 0 ? entries.get(key) : undefined;
      if (!entry) {
        misses += 1;
        return undefined;
      }
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        misses += 1;
        return undefined;
      }
      hits += 1;
      return entry.body;
    },
    set(key, body, generation) {
      if (ttlMs <= 0 || generation !== currentGeneration) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { body, expiresAt: Date.now() + ttlMs });
    },
    clear() {
      currentGeneration += 1;
      entries.clear();
    },
  };
}
