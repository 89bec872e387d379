// The wait after failed attempts of one thing to send (a partner event, an e-mail, a shop's fulfilment): the first
// wait, doubling per attempt up to the longest.

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** The wait after `attempts` failed attempts (1 for the first): base, 2 × base, 4 × base… never more than max. */
export function doublingDelay(backoff: Backoff, attempts: number): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(Math.max(attempts, 1) - 1, 30));
}
