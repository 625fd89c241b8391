// Reads asked for in the same turn of the event loop, made in one call (DataLoader's batching, without its
// cache; decision 093): under load, one statement answers many requests instead of one round trip each. Each
// caller gets the value at its own key's place; when the call fails, every caller of the batch gets its error.
// A batch holds at most `maxKeys`; more asked at once go in the next.
export function batched<K, V>(
  load: (keys: K[]) => Promise<V[]>,
  { maxKeys }: { maxKeys: number },
): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let scheduled = false;

  const flush = () => {
    const batch = waiting.splice(0, maxKeys);
    if (waiting.length > 0) setImmediate(flush);
    else scheduled = false;
    if (batch.length === 0) return;
    Promise.resolve()
      .then(() => load(batch.map((entry) => entry.key)))
      .then(
        (values) => batch.forEach((entry, index) => entry.resolve(values[index] as V)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
