// The settings screen's connection form as the station checks it before asking the remote: each problem on its
// field, the key kept from the last use of the same remote, nothing sent when a field is wrong. (The answers of a
// real remote are in test/integration/station/connection.)
import { describe, expect, it } from 'vitest';
import { checkConnectionChange, unsentChangesRefusal } from '../../../../src/station/connection/change';

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
