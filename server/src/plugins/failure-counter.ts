import type { Redis } from "ioredis";

/** Failed attempts per key within a fixed window that starts at the first failure. */
export interface FailureCounter {
  /** The failures counted for `key` in its current window, or null when there are none. */
  current(key: string): Promise<{ count: number; resetAt: number } | null>;
  /** Counts one more failure for `key`. */
  add(key: string): Promise<void>;
}

/** Counted in this process: right for one process, and the fallback when Redis fails. */
export function memoryFailureCounter(windowMs: number): FailureCounter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= Date.now()) entries.delete(key);
    return entries.get(key) ?? null;
  };
  return {
    async current(key) {
      const entry = live(key);
      return entry ? { ...entry } : null;
    },
    async add(key) {
      const entry = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
    },
  };
}

/**
 * Counted in Redis, so every process behind the balancer sees the same failures: ten wrong
 * passwords spread over several processes still lock the address out. When Redis cannot answer,
 * the process counts on its own rather than letting guesses through uncounted.
 */
export function redisFailureCounter(
  redis: Redis,
  windowMs: number,
  onError: (error: Error) => void,
  prefix = "mcf-admin-failures:",
): FailureCounter {
  const fallback = memoryFailureCounter(windowMs);
  return {
    async current(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        if (count === null || ttl <= 0) return fallback.current(key);
        return { count: Number(count), resetAt: Date.now() + ttl };
      } catch (error) {
        onError(error as Error);
        return fallback.current(key);
      }
    },
    async add(key) {
      try {
        // The window starts at the first failure: the expiry is set only when the key is new.
        await redis
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, windowMs, "NX")
          .exec();
      } catch (error) {
        onError(error as Error);
        await fallback.add(key);
      }
    },
  };
}
