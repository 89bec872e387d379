// Why nobody answered is read from the error's code along its causes (undici's and axios's alike), not its words.
import { describe, expect, it } from 'vitest';
import { REDIRECT_CODE } from '../../../src/shops/http';
import { networkCause } from '../../../src/shops/networkCause';

const wrapped = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
const coded = (code: string) => Object.assign(new Error('x'), { code });

describe('why nobody answered', () => {
  it('reads the code of the error or of its cause', () => {
    expect(networkCause(wrapped(coded('ENOTFOUND')))).toBe('dns');
    expect(networkCause(wrapped(coded('EAI_AGAIN')))).toBe('dns');
    expect(networkCause(coded('ECONNREFUSED'))).toBe('refused');
    expect(networkCause(coded('ECONNABORTED'))).toBe('timeout');
    expect(networkCause(wrapped(coded('UND_ERR_CONNECT_TIMEOUT')))).toBe('timeout');
    expect(networkCause(wrapped(coded('CERT_HAS_EXPIRED')))).toBe('tls');
    expect(networkCause(wrapped(coded('ERR_TLS_CERT_ALTNAME_INVALID')))).toBe('tls');
    expect(networkCause(wrapped(coded('ERR_SSL_WRONG_VERSION_NUMBER')))).toBe('tls');
  });

  it('takes an abort on the deadline as no answer in time, also when the shared fetch says it in its words', () => {
    const deadline = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(networkCause(deadline)).toBe('timeout');
    const said = Object.assign(new Error('Il negozio non ha risposto per intero entro 20 s'), { code: 'ETIMEDOUT' });
    expect(networkCause(said)).toBe('timeout');
  });

  it('knows a refused redirect by its code', () => {
    expect(networkCause(wrapped(coded(REDIRECT_CODE)))).toBe('redirect');
  });

  it('says "other" when nothing says why', () => {
    expect(networkCause(new Error('GraphQL Client: fetch failed'))).toBe('other');
    expect(networkCause('down')).toBe('other');
    expect(networkCause(wrapped(coded('ECONNRESET')))).toBe('other');
  });
});
