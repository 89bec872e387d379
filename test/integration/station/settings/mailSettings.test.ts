// The bench's mail server from the settings screen (the station's commands over a real runtime): checked with the
// server before it is kept (an unreachable host, a refused login named on their fields), kept for the next start with
// its password in the key store and never shown back; then the bench e-mails dropshipping waybills itself.
import { afterEach, describe, expect, it } from 'vitest';
import { validShipment } from '../../../fixtures/shipments';
import { useBenches } from '../../../helpers/bench';
import { startSmtpPeer, type SmtpPeer } from '../../../peers/smtpPeer';

const PASSWORD = 'segreta-posta-123';
const openBench = useBenches();
let mailbox: SmtpPeer | undefined;

afterEach(async () => {
  await mailbox?.close();
  mailbox = undefined;
});

const form = (peer: { port: number }, overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  host: '127.0.0.1',
  port: String(peer.port),
  security: 'none',
  user: 'banco',
  password: PASSWORD,
  from: 'Banco Rossi <banco@rossi.example>',
  ...overrides,
});

const dropship = (ref: string) =>
  validShipment({ ddt_alpha: ref, dropshipping: 1, sender_email: 'magazzino@rossi.example', labelType: 'ZPL' });

describe('the mail server from the settings screen', () => {
  it('checks it with the server, keeps it without showing the password, and sends from the bench', async () => {
    mailbox = await startSmtpPeer({ auth: { user: 'banco', password: PASSWORD } });
    const bench = await openBench();
    expect((await bench.call('station.info', {})).ok && (await bench.call('settings.get', {}))).toMatchObject({
      ok: true,
      value: { mail: { configured: false } },
    });
    const off = await bench.call('station.info', {});
    expect(off.ok && off.value.dropshipping).toBe('off');

    const unreachable = await bench.call('settings.mail', form({ port: 9 }));
    expect(unreachable).toMatchObject({ ok: false, error: { fields: { host: { code: 'other' } } } });
    const wrong = await bench.call('settings.mail', form(mailbox, { password: 'sbagliata' }));
    expect(wrong).toMatchObject({ ok: false, error: { fields: { password: { code: 'other' } } } });
    expect(wrong.ok ? '' : wrong.error.message).toContain('Accesso rifiutato dal server di posta');
    const badFrom = await bench.call('settings.mail', form(mailbox, { from: 'nessuno' }));
    expect(badFrom).toMatchObject({ ok: false, error: { fields: { from: { code: 'other' } } } });

    const saved = await bench.call('settings.mail', form(mailbox));
    expect(saved.ok).toBe(true);
    expect(JSON.stringify(saved)).not.toContain(PASSWORD);
    expect(saved.ok && saved.value.settings.mail).toEqual({
      configured: true,
      host: '127.0.0.1',
      port: mailbox.port,
      security: 'none',
      user: 'banco',
      from: 'Banco Rossi <banco@rossi.example>',
      passwordSet: true,
    });
    const on = await bench.call('station.info', {});
    expect(on.ok && on.value.dropshipping).toBe('station');
    expect((await bench.call('shipments.create', { body: dropship('POSTA-1') })).ok).toBe(true);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toContain('ordine POSTA-1');

    // Kept for the next start (the password from the key store), and off again on request.
    await bench.close();
    const again = await openBench(bench.dataDir);
    expect((await again.call('shipments.create', { body: dropship('POSTA-2') })).ok).toBe(true);
    await mailbox.waitFor(2, 15_000);
    // Saving again without typing the password keeps the one kept.
    expect((await again.call('settings.mail', form(mailbox, { password: '' }))).ok).toBe(true);
    expect((await again.call('settings.mail', { enabled: false })).ok).toBe(true);
    const refused = await again.call('shipments.create', { body: dropship('POSTA-3') });
    expect(refused.ok ? '' : refused.error.message).toContain('manca il server SMTP');
  });
});
