// The connection draft without a browser: what the operator types is checked with the command's own schema, sent as
// parsed, and a refusal puts the station's words beside the field while everything typed stays.
import { describe, expect, it } from 'vitest';
import { fail, failFields, ok } from '../../../../../src/shared/ipc/result';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { createConnectionDraft, keptKeyHint } from '../../../../../src/renderer/stores/settings/connectionDraft';
import { fakeStation, runningSettings, shownText } from './fakeStation';

const CONNECTED = runningSettings({
  mode: 'connected',
  remoteUrl: 'https://servizio.example.it/istanza',
  apiKeyHint: '••abcd',
  clientIds: [1001, 1002],
  invoicedClients: [{ id: 501, name: 'Rossi Srl' }],
});

const outcome = { check: 'verified' as const, message: 'Collegamento verificato', settings: CONNECTED };

describe('the connection draft', () => {
  it('starts from the running connection, written as the form writes it, and is not dirty', () => {
    const draft = createConnectionDraft(fakeStation().api, CONNECTED);
    expect(draft.getState().values).toEqual({
      mode: 'connected',
      remoteUrl: 'https://servizio.example.it/istanza',
      apiKey: '',
      clientIds: '1001, 1002',
      invoicedClients: '501 Rossi Srl',
    });
    expect(draft.getState().dirty).toBe(false);
    expect(
      createConnectionDraft(fakeStation().api, runningSettings(), { accountOnly: true }).getState().values.mode,
    ).toBe('connected');
  });

  it('is dirty once edited and clean again after a reset', () => {
    const draft = createConnectionDraft(fakeStation().api, CONNECTED);
    draft.getState().set('clientIds', '1001');
    expect(draft.getState().dirty).toBe(true);
    draft.getState().reset();
    expect(draft.getState().values.clientIds).toBe('1001, 1002');
    expect(draft.getState().dirty).toBe(false);
  });

  it('refuses an address longer than the command allows beside its field, without asking the station', async () => {
    const station = fakeStation();
    const draft = createConnectionDraft(station.api, runningSettings());
    draft.getState().set('mode', 'connected');
    draft.getState().set('remoteUrl', `https://${'a'.repeat(300)}.example`);
    const result = await draft.getState().save();
    expect(result?.ok).toBe(false);
    expect(shownText(draft.getState().errors.remoteUrl)).toBe('al massimo 300 caratteri');
    expect(station.calls).toEqual([]);
  });

  it('sends exactly the parsed input, then forgets the typed key and re-reads the station', async () => {
    let reread = 0;
    const station = fakeStation({ 'settings.connection': () => ok(outcome) });
    const draft = createConnectionDraft(station.api, runningSettings(), {
      afterSave: async () => {
        reread += 1;
      },
    });
    draft.getState().set('mode', 'connected');
    draft.getState().set('remoteUrl', 'https://servizio.example.it/istanza');
    draft.getState().set('apiKey', 'chiave-segreta');
    draft.getState().set('clientIds', '1001, 1002');
    const result = await draft.getState().save();
    expect(result).toEqual(ok(outcome));
    expect(station.calls).toEqual([
      {
        name: 'settings.connection',
        input: {
          mode: 'connected',
          remoteUrl: 'https://servizio.example.it/istanza',
          apiKey: 'chiave-segreta',
          clientIds: '1001, 1002',
          invoicedClients: '',
          force: false,
        },
      },
    ]);
    expect(reread).toBe(1);
    expect(draft.getState().values.apiKey).toBe('');
    expect(draft.getState().busy).toBe(false);
  });

  it("shows the station's refusal beside its field and keeps everything typed", async () => {
    const refusal = 'Codice cliente non valido: abc (numero intero di al massimo 7 cifre)';
    const station = fakeStation({ 'settings.connection': () => failFields({ clientIds: otherIssue(refusal) }) });
    const draft = createConnectionDraft(station.api, CONNECTED);
    draft.getState().set('apiKey', 'nuova');
    draft.getState().set('clientIds', 'abc');
    const result = await draft.getState().save();
    expect(result?.ok).toBe(false);
    expect(shownText(draft.getState().errors.clientIds)).toBe(refusal);
    expect(draft.getState().values).toMatchObject({ apiKey: 'nuova', clientIds: 'abc' });
    expect(draft.getState().dirty).toBe(true);
  });

  it('asks before leaving queued changes, withdraws the question on an edit, forces on request', async () => {
    const question = '3 modifiche non ancora accettate dal servizio: cambiare comunque?';
    const station = fakeStation({
      'settings.connection': (input: { force: boolean }) =>
        input.force ? ok(outcome) : fail('refused', question, { force: otherIssue(question) }),
    });
    const draft = createConnectionDraft(station.api, CONNECTED);
    draft.getState().set('mode', 'standalone');
    await draft.getState().save();
    expect(draft.getState().pendingWarning).toBe(question);
    expect(draft.getState().errors).toEqual({});
    draft.getState().set('invoicedClients', '502 Verdi');
    expect(draft.getState().pendingWarning).toBe(question);
    draft.getState().set('mode', 'connected');
    expect(draft.getState().pendingWarning).toBeUndefined();
    draft.getState().set('mode', 'standalone');
    await draft.getState().save();
    expect((await draft.getState().save(true))?.ok).toBe(true);
    expect(station.calls.map((c) => (c.input as { force: boolean }).force)).toEqual([false, false, true]);
    expect(draft.getState().pendingWarning).toBeUndefined();
  });

  it('follows a connection changed elsewhere, but not settings read again for another reason', () => {
    const draft = createConnectionDraft(fakeStation().api, runningSettings());
    draft.getState().set('apiKey', 'typed');
    draft.getState().follow(runningSettings({ autoPrint: true }));
    expect(draft.getState().values.apiKey).toBe('typed');
    draft.getState().set('remoteUrl', 'https://typed.example');
    draft.getState().follow(runningSettings({ labelFormat: 'PDF' }));
    expect(draft.getState().values.remoteUrl).toBe('https://typed.example');
    draft.getState().follow(CONNECTED);
    expect(draft.getState().values).toMatchObject({ mode: 'connected', clientIds: '1001, 1002', apiKey: 'typed' });
  });

  it('says which key is kept for the address typed, whatever its trailing slash', () => {
    expect(keptKeyHint(CONNECTED, 'https://servizio.example.it/istanza/ ')).toBe('abcd');
    expect(keptKeyHint(CONNECTED, 'https://altro.example.it')).toBeUndefined();
    expect(keptKeyHint(runningSettings(), '')).toBeUndefined();
  });
});
