/** One reading of something slow to read, with when it began. */
export type Reading<T> = { value: T; readAt: Date };

/**
 * Readings shared by everyone who asks for the same key (decision 78): a reading younger than `freshMs` is answered as
 * it is; an older one is answered at once while one new reading runs for everyone, and answered from then on; with
 * none yet, askers wait for the one reading under way. With `freshMs` 0 an asker waits for a reading begun since, shared
 * only with those who asked at the same time. At most
 * `keys` keys are kept, the least recently read going first.
 */
export function sharedReadings<T>({
  freshMs,
  keys,
  now = Date.now,
}: {
  freshMs: number;
  keys: number;
  now?: () => number;
}) {
  type Entry = { last?: Reading<T>; next?: Promise<Reading<T>> };
  const entries = new Map<string, Entry>();

  return function read(key: string, readAnew: () => Promise<T>): Promise<Reading<T>> {
    const entry = entries.get(key) ?? {};
    entries.delete(key);
    entries.set(key, entry);
    for (const old of entries.keys()) if (entries.size > keys) entries.delete(old);
    // With freshMs 0 nothing is kept to answer from: each asker waits for a reading begun no earlier than they asked.
    const last = freshMs > 0 ? entry.last : undefined;
    if (last && now() - last.readAt.getTime() < freshMs) return Promise.resolve(last);
    if (!entry.next) {
      const readAt = new Date(now());
      entry.next = readAnew()
        .then((value) => (entry.last = { value, readAt }))
        .finally(() => (entry.next = undefined));
      // Those answered the last reading meanwhile do not wait on this one; if it fails, the last reading stands and the
      // next asker starts another.
      if (last) entry.next.catch(() => undefined);
    }
    return last ? Promise.resolve(last) : entry.next;
  };
}
