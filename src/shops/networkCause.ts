// Why nobody answered at a shop's address, from the error the fetch or HTTP library threw: the name does not exist, the
// port refused, no answer in time, a certificate not trusted, an answer sending elsewhere (never followed). Read from
// the error's code along its causes, never from its words (which are the library's, in English).
import type { NetworkCause } from '../shared/api/shopRefusals';
import { REDIRECT_CODE } from './http';
import { INNER_CODE } from './innerAddress';

const BY_CODE: Readonly<Record<string, NetworkCause>> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  ECONNABORTED: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls',
  SELF_SIGNED_CERT_IN_CHAIN: 'tls',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls',
  CERT_HAS_EXPIRED: 'tls',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls',
  [REDIRECT_CODE]: 'redirect',
  [INNER_CODE]: 'inner',
};
const TIMED_OUT = new Set(['TimeoutError', 'AbortError']);

/** The first cause along `error.cause` that says why; 'other' when none does. */
export function networkCause(error: unknown): NetworkCause {
  let at: unknown = error;
  for (let depth = 0; depth < 6 && at && typeof at === 'object'; depth += 1) {
    const { code, name } = at as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code];
    if (typeof code === 'string' && /^(CERT_|ERR_TLS_|ERR_SSL_)/.test(code)) return 'tls';
    if (typeof name === 'string' && TIMED_OUT.has(name)) return 'timeout';
    at = (at as { cause?: unknown }).cause;
  }
  return 'other';
}
