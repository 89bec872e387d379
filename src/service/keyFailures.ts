// Wrong API keys per client address: after `max` of them within a window from one address, that address is answered
// 403 for a while without its key being looked at, so nobody can try keys at full speed. The address is the socket's
// own (no forwarded-for header is trusted): clients reach this service directly, and a header could be forged.
import { processLog } from '../shared/log';

export interface KeyFailureLimits {
  max: number;
  windowMs: number;
  blockMs: number;
}

/** 20 wrong keys in a minute is no typo any more; a minute's pause costs a misconfigured shop system little. */
export const KEY_FAILURE_LIMITS: KeyFailureLimits = { max: 20, windowMs: 60_000, blockMs: 60_000 };

/** What the refusal says: a rate limit in the spec's words, so a client waits instead of dropping its key. */
export const KEY_FAILURES_LABEL = 'troppe API key non valide da questo indirizzo';

/** Addresses remembered at most; past it the stalest are forgotten, so a flood of addresses cannot grow memory. */
const MAX_ADDRESSES = 10_000;

export interface KeyFailures {
  /** Whether requests from `address` are refused now without looking at their key. */
  blocked(address: string): boolean;
  /** Counts a wrong key from `address`. */
  failed(address: string): void;
}

interface Entry {
  failures: number[];
  blockedUntil: number;
}

export function createKeyFailures(
  limits: KeyFailureLimits | false,
  now: () => number = Date.now,
  log: (line: string) => void = (line) => processLog.warn(line),
): KeyFailures {
  if (limits === false) return { blocked: () => false, failed: () => undefined };
  const entries = new Map<string, Entry>();
  const forgetStale = (at: number) => {
    for (const [address, entry] of entries) {
      if (entries.size < MAX_ADDRESSES) return;
      const lastFailure = entry.failures.at(-1) ?? 0;
      if (entry.blockedUntil <= at && lastFailure <= at - limits.windowMs) entries.delete(address);
    }
    // Still full: every address is active; drop the oldest inserted (a Map keeps insertion order).
    while (entries.size >= MAX_ADDRESSES) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  };
  return {
    blocked(address) {
      const entry = entries.get(address);
      return entry !== undefined && entry.blockedUntil > now();
    },
    failed(address) {
      const at = now();
      let entry = entries.get(address);
      if (!entry) {
        forgetStale(at);
        entry = { failures: [], blockedUntil: 0 };
        entries.set(address, entry);
      }
      entry.failures = entry.failures.filter((t) => t > at - limits.windowMs);
      entry.failures.push(at);
      if (entry.failures.length >= limits.max && entry.blockedUntil <= at) {
        entry.blockedUntil = at + limits.blockMs;
        entry.failures = [];
        // One line per address and pause; never the key, which may be a real key mistyped by one character.
        const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
        const why = `${limits.max} wrong keys within ${seconds(limits.windowMs)}`;
        log(`refusing API keys from ${address} for ${seconds(limits.blockMs)}: ${why}`);
      }
    },
  };
}
