// Calls that arrive in the same turn of the event loop, answered by one call with all their keys
// (DataLoader's idea): when many requests come in together, as under load, they share one database
// round trip instead of making one each. A lone call waits only until the turn ends (setImmediate).

/**
 * `load` answers one value per key, in the keys' order. Each call of the returned function gets
 * its key's value; if `load` fails, every call of that batch fails with its error.
 */
export function batchedByTurn<K, V>(load: (keys: K[]) => Promise<V[]>, max = 100): (key: K) => Promise<V> {
  let pending: Array<{ key: K; resolve: (value: V) => void; reject: (err: unknown) => void }> = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    load(batch.map((b) => b.key)).then(
      (values) => {
        batch.forEach((b, i) => {
          b.resolve(values[i] as V);
        });
      },
      (err: unknown) => {
        for (const b of batch) b.reject(err);
      },
    );
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!pending.length) setImmediate(flush);
      pending.push({ key, resolve, reject });
      if (pending.length >= max) flush();
    });
}
