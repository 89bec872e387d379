// Which addresses a shop's requests may never reach (loopback, link-local, unspecified; IPv4 written as IPv6 too),
// and a shop address typed as such a number refused before anything is sent, unless typed as this computer.
import { describe, expect, it } from 'vitest';
import { shopAddress } from '../../../src/shops/address';
import { isInnerAddress } from '../../../src/shops/innerAddress';

describe('an inner address', () => {
  it('is loopback, link-local or unspecified, in either family, and not a public or office one', () => {
    const inner = ['127.0.0.1', '127.1.2.3', '169.254.169.254', '0.0.0.0', '::1', '::', 'fe80::1', '::ffff:127.0.0.1'];
    for (const address of inner) expect(isInnerAddress(address), address).toBe(true);
    const outer = ['23.227.38.65', '192.168.1.20', '10.0.0.5', '2606:4700::6810:85e5', 'negozio.it'];
    for (const address of outer) expect(isInnerAddress(address), address).toBe(false);
  });

  it('typed as a shop’s number is refused, saying where it leads; this computer typed as itself is not', () => {
    expect(() => shopAddress('https://169.254.169.254/latest')).toThrow('porta a 169.254.169.254');
    expect(() => shopAddress('https://127.0.0.2')).toThrow('un indirizzo interno');
    expect(() => shopAddress('https://[::ffff:127.0.0.1]:8443')).toThrow('un indirizzo interno');
    expect(shopAddress('http://127.0.0.1:8080').plain).toBe(true);
    expect(shopAddress('https://192.168.1.20').origin).toBe('https://192.168.1.20');
  });
});
