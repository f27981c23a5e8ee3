/**
 * What this process read a moment ago, trusted for a short time: each entry is forgotten `lifetimeMs` after it was
 * set (or earlier, at `until`), and past `maxEntries` the oldest go first, so a crowd of distinct keys costs bounded
 * memory.
 */
export function shortMemory<K, V>({ lifetimeMs, maxEntries }: { lifetimeMs: number; maxEntries: number }) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V, until = Infinity) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, until: Math.min(Date.now() + lifetimeMs, until) });
    },
    delete(key: K) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
