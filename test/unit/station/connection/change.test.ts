// The settings screen's connection and mail forms as the station checks them before asking the remote or the mail
// server: each problem on its field, the key kept from the last use of the same remote, nothing sent when a field is
// wrong. (The answers of a real remote and a real mail server are in test/integration/station.)
import { describe, expect, it } from 'vitest';
import { checkConnectionChange, unsentChangesRefusal } from '../../../../src/station/connection/change';
import { checkMailChange, mailViewOf } from '../../../../src/station/settings/mailChange';
import { SmtpConfigSchema } from '../../../../src/shared/domain/smtp';

const form = { remoteUrl: '', apiKey: '', clientIds: '', invoicedClients: '', force: false };

describe('the connection form', () => {
  it('goes standalone without asking anything', async () => {
    const checked = await checkConnectionChange({ ...form, mode: 'standalone' }, undefined, 100);
    expect(checked).toMatchObject({ ok: true, value: { target: { mode: 'standalone' }, key: undefined } });
  });

  it('puts every problem on its field and asks no remote', async () => {
    const checked = await checkConnectionChange(
      { ...form, mode: 'connected', remoteUrl: 'not a url', clientIds: 'abc' },
      undefined,
      100,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.error.fields ?? {}).sort()).toEqual(['clientIds', 'remoteUrl']);
  });

  it('asks for the key of a remote other than the last one, and not again for the same remote', async () => {
    const last = { url: 'http://127.0.0.1:9/demo', key: 'the-last-key-0123456789' };
    const other = await checkConnectionChange(
      { ...form, mode: 'connected', remoteUrl: 'http://127.0.0.1:9/altro', clientIds: '1001' },
      last,
      100,
    );
    expect(other).toMatchObject({
      ok: false,
      error: { fields: { apiKey: { message: 'Inserisci la chiave API di questo servizio' } } },
    });
    // The same remote: the last key is used, and the remote (nothing listens on port 9) is only unreachable.
    const same = await checkConnectionChange(
      { ...form, mode: 'connected', remoteUrl: last.url, clientIds: '1001' },
      last,
      500,
    );
    expect(same).toMatchObject({ ok: true, value: { key: last.key, outcome: { check: 'unreachable' } } });
  });

  it('refuses to leave a remote with changes it has not accepted, unless forced', () => {
    expect(unsentChangesRefusal(0, false)).toBeUndefined();
    expect(unsentChangesRefusal(3, true)).toBeUndefined();
    expect(unsentChangesRefusal(3, false)).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        fields: { force: { message: expect.stringMatching(/^3 modifiche non ancora accettate/) } },
      },
    });
  });
});

describe('the mail server form', () => {
  const mail = { host: '', port: '', security: 'starttls' as const, user: '', password: '', from: '' };

  it('switches mail off without asking any server', async () => {
    expect(await checkMailChange({ ...mail, enabled: false }, undefined, 100)).toMatchObject({
      ok: true,
      value: { next: undefined },
    });
  });

  it('refuses a server without encryption away from this computer, on the security field', async () => {
    const checked = await checkMailChange(
      { ...mail, enabled: true, host: 'smtp.example.it', security: 'none', from: 'banco@example.it' },
      undefined,
      100,
    );
    expect(checked).toMatchObject({
      ok: false,
      error: { fields: { security: { message: 'Senza cifratura solo per un server su questo computer' } } },
    });
  });

  it('puts the shared SMTP rules’ problems on their fields', async () => {
    const checked = await checkMailChange({ ...mail, enabled: true, host: '', from: 'non una mail' }, undefined, 100);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.fields?.host).toBeDefined();
    expect(checked.error.fields?.from).toBeDefined();
  });

  it('shows whether a password is kept, never the password', () => {
    const config = SmtpConfigSchema.parse({
      host: '127.0.0.1',
      port: 2525,
      security: 'none',
      user: 'banco',
      password: 'segreta',
      from: 'banco@example.it',
    });
    const view = mailViewOf(config);
    expect(view).toMatchObject({ configured: true, host: '127.0.0.1', port: 2525, passwordSet: true });
    expect(JSON.stringify(view)).not.toContain('segreta');
    expect(mailViewOf(undefined)).toMatchObject({ configured: false, port: 587, security: 'starttls' });
  });
});
