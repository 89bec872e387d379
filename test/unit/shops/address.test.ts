// A shop's address as typed, made one spelling: https always, plain http only for a loopback address.
import { describe, expect, it } from 'vitest';
import { shopAddress } from '../../../src/shops/address';

describe('a shop address', () => {
  it('is https whatever was typed, its host lower case, a trailing slash dropped', () => {
    expect(shopAddress(' Bottega.myshopify.com ')).toEqual({
      host: 'bottega.myshopify.com',
      path: '',
      plain: false,
      origin: 'https://bottega.myshopify.com',
    });
    expect(shopAddress('http://negozio.example.it/shop/')).toMatchObject({
      path: '/shop',
      plain: false,
      origin: 'https://negozio.example.it/shop',
    });
  });

  it('keeps plain http only for this machine', () => {
    expect(shopAddress('http://127.0.0.1:8080')).toMatchObject({ plain: true, origin: 'http://127.0.0.1:8080' });
    expect(shopAddress('http://localhost:3000/')).toMatchObject({ plain: true, origin: 'http://localhost:3000' });
    expect(shopAddress('127.0.0.1:8080').plain).toBe(false);
  });

  it('refuses what is no address, or one carrying a user and password', () => {
    expect(() => shopAddress('http://')).toThrow(/non valido/);
    expect(() => shopAddress('https://user:secret@negozio.it')).toThrow(/non valido/);
  });
});
