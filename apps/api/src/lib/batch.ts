// Reads asked for in the same turn of the event loop, made in one call (DataLoader's batching, without its
// cache; decision 093): under load, one statement answers many requests instead of one round trip each. The
// keys go in calls of at most `maxKeys`, all sent at once. Each caller gets the value at its own key's place,
// or, when `load` puts an Error there, that error; when the call fails, every caller of it gets its error.
export function batched<K, V>(
  load: (keys: K[]) => Promise<(V | Error)[]>,
  { maxKeys }: { maxKeys: number },
): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];

  const send = (batch: Waiting[]) => {
    Promise.resolve()
      .then(() => load(batch.map((entry) => entry.key)))
      .then((values) => {
        if (!Array.isArray(values) || values.length !== batch.length)
          throw new Error(`a batched load gave ${String(values?.length)} values for ${batch.length} keys`);
        batch.forEach((entry, index) => {
          const value = values[index] as V | Error;
          if (value instanceof Error) entry.reject(value);
          else entry.resolve(value);
        });
      })
      .catch((error: unknown) => batch.forEach((entry) => entry.reject(error)));
  };

  const flush = () => {
    const all = waiting;
    waiting = [];
    for (let start = 0; start < all.length; start += maxKeys) send(all.slice(start, start + maxKeys));
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (waiting.length === 1) setImmediate(flush);
    });
}
