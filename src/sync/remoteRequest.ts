// A create request as the remote receives it: what the aggregator's own clients send. The station's second address
// line (ours, rcpt_addr2) is not a field there: it goes joined to the address, cut as the clients cut it (the
// bench told the operator before saving what a cut leaves out).
import { remoteAddress } from '../shared/api/remoteAddress';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function remoteCreateBody<T extends Record<string, unknown>>(payload: T): Omit<T, 'rcpt_addr2'> {
  const { rcpt_addr2: second, ...request } = payload;
  return { ...request, rcpt_addr: remoteAddress(text(request.rcpt_addr), text(second)).sent };
}
