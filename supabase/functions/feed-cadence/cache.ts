/**
 * Answers per key for `ttlMs`, at most `maxEntries` (the oldest is dropped first). A pending
 * answer is shared too, so two visitors pasting one feed at once cause one fetch. `keep`
 * decides once the answer is in whether it stays (a timeout, say, is worth trying again).
 */
export function createAnswerCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; answer: Promise<T> }>();

  return {
    get size() {
      return entries.size;
    },
    get(key: string, compute: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> {
      const time = now();
      const cached = entries.get(key);
      if (cached !== undefined && time - cached.at < options.ttlMs) return cached.answer;
      entries.delete(key);
      while (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      const answer = compute();
      const entry = { at: time, answer };
      entries.set(key, entry);
      answer.then(
        (value) => {
          if (!keep(value) && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return answer;
    },
  };
}

export type AnswerCache<T> = ReturnType<typeof createAnswerCache<T>>;
