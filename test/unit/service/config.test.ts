// The service's configuration file: what `npm run serve -- --config FILE` accepts, and the message an operator gets
// for a file it refuses.
import { describe, expect, it } from 'vitest';
import { parseServiceConfig } from '../../../src/service/config';

const USER = { api_key: 'bench-key-0001-abcdefghijkl', client_ids: [1001, 1002] };

function refusal(raw: unknown): string {
  try {
    parseServiceConfig(raw);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('service configuration', () => {
  it('accepts a minimal configuration and fills in the defaults', () => {
    expect(parseServiceConfig({ instance: 'bench-1', users: [USER] })).toEqual({
      instance: 'bench-1',
      engine: { users: [USER], zpl_dpi: 203 },
      throttle: { windowMs: 300_000, shipmentPosts: 300, confirmPosts: 300, posts: 450, deletes: 600, gets: 1200 },
      partnerEvents: { retry_first_seconds: 30, retry_max_seconds: 7200, give_up_after_hours: 72, timeout_seconds: 10 },
    });
  });

  it('refuses a client id given to two users, saying which user has it', () => {
    const message = refusal({
      instance: 'demo',
      users: [USER, { api_key: 'bench-key-0002-abcdefghijkl', client_ids: [2001, 1002] }],
    });
    expect(message).toContain('client id 1002 already belongs to users[0]');
    expect(message).toContain('users[1].client_ids');
  });

  it('refuses a configuration without users', () => {
    expect(refusal({ instance: 'demo' })).toContain('users');
    expect(refusal({ instance: 'demo', users: [] })).toMatch(/users/);
  });

  it('accepts throttle false to turn rate limits off', () => {
    expect(parseServiceConfig({ instance: 'demo', users: [USER], throttle: false }).throttle).toBe(false);
  });

  it('refuses an unknown top-level key, naming it', () => {
    expect(refusal({ instance: 'demo', users: [USER], colour: 'red' })).toContain('"colour"');
  });

  it('refuses a key shorter than 24 characters, naming the user it belongs to', () => {
    const short = 'k'.repeat(23);
    const message = refusal({ instance: 'demo', users: [USER, { api_key: short, client_ids: [2001] }] });
    expect(message).toContain('api_key must be at least 24 characters');
    expect(message).toContain('users[1].api_key');
    expect(message).not.toContain(short);
    expect(
      parseServiceConfig({ instance: 'demo', users: [{ api_key: 'k'.repeat(24), client_ids: [2001] }] }).engine.users,
    ).toHaveLength(1);
  });

  it('refuses an instance name with a slash, since it becomes a path segment', () => {
    expect(refusal({ instance: 'shop/eu', users: [USER] })).toContain('instance: letters, digits, - and _ only');
  });

  it('takes a client partner endpoint: https (http on loopback only), a long secret, tried a day at least', () => {
    const partner = (url: string, secret = 'whsec-0123456789abcdef') => ({
      instance: 'demo',
      users: [{ api_key: USER.api_key, clients: [{ client_id: 1001, partner: { url, secret } }] }],
    });
    const clients = parseServiceConfig(partner('https://shop.example/hooks')).engine.users[0]?.clients;
    expect(clients?.[0]?.partner).toEqual({ url: 'https://shop.example/hooks', secret: 'whsec-0123456789abcdef' });
    expect(parseServiceConfig(partner('http://127.0.0.1:9000/hooks')).engine.users).toHaveLength(1);
    const plain = refusal(partner('http://shop.example/hooks'));
    expect(plain).toContain('Serve https://');
    expect(plain).toContain('users[0].clients[0].partner.url');
    expect(refusal(partner('https://shop.example/hooks', 'short'))).toContain(
      'Segreto troppo corto: almeno 16 caratteri',
    );
    expect(refusal({ instance: 'demo', users: [USER], partner_events: { give_up_after_hours: 12 } })).toContain(
      'partner_events.give_up_after_hours: at least 24',
    );
  });
});
