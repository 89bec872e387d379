// The address as the aggregator's own clients send it (aggregator-facts.md, "What the real service's own clients
// send"): the address and its second line joined with a space and cut to 50 characters. A connected bench sends the
// same, and says before saving what a cut would leave out (docs/decisions.md, "real addresses").

/** The most characters of address (its second line included) the aggregator's clients send. */
export const REMOTE_ADDR_MAX = 50;

/** The two lines as one, as the clients join them: with a space, and only when there is a second line. */
export function joinedAddress(addr: string, addr2: string): string {
  const first = addr.trim();
  const second = addr2.trim();
  return second === '' ? first : `${first} ${second}`;
}

/** What the remote receives of an address (`sent`), and what the cut leaves out (`lost`, '' when nothing). */
export function remoteAddress(addr: string, addr2: string): { sent: string; lost: string } {
  const joined = joinedAddress(addr, addr2);
  return { sent: joined.slice(0, REMOTE_ADDR_MAX), lost: joined.slice(REMOTE_ADDR_MAX).trim() };
}
