// The mail server draft without a browser: checked with the command's schema, sent as parsed, the password forgotten
// once saved, and a server the station refuses named on its field with everything typed kept.
import { describe, expect, it } from 'vitest';
import { failFields, ok } from '../../../../../src/shared/ipc/result';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { createMailDraft } from '../../../../../src/renderer/stores/settings/mailDraft';
import { fakeStation, runningSettings, shownText } from './fakeStation';

const SAVED = {
  configured: true,
  host: 'smtp.example.it',
  port: 587,
  security: 'starttls',
  user: 'banco',
  from: 'Spedizioni <sped@example.it>',
  passwordSet: true,
};
const answer = { message: 'Server di posta verificato', settings: runningSettings() };

describe('the mail server draft', () => {
  it('starts from the saved server, with no password, and is dirty only once edited', () => {
    const draft = createMailDraft(fakeStation().api, SAVED);
    expect(draft.getState().values).toEqual({
      enabled: true,
      host: 'smtp.example.it',
      port: '587',
      user: 'banco',
      password: '',
      from: 'Spedizioni <sped@example.it>',
      security: 'starttls',
    });
    expect(createMailDraft(fakeStation().api, runningSettings().mail).getState().values.port).toBe('');
    draft.getState().set('host', 'smtp.altro.it');
    expect(draft.getState().dirty).toBe(true);
    draft.getState().reset();
    expect(draft.getState().dirty).toBe(false);
    expect(draft.getState().values.host).toBe('smtp.example.it');
  });

  it('refuses a port longer than the command allows beside its field, without asking the station', async () => {
    const station = fakeStation();
    const draft = createMailDraft(station.api, SAVED);
    draft.getState().set('port', '587587');
    expect((await draft.getState().save())?.ok).toBe(false);
    expect(shownText(draft.getState().errors.port)).toBe('al massimo 5 caratteri');
    expect(station.calls).toEqual([]);
  });

  it('sends exactly the parsed input (unknown security: the default), forgets the password once saved', async () => {
    let reread = 0;
    const station = fakeStation({ 'settings.mail': () => ok(answer) });
    const draft = createMailDraft(
      station.api,
      { ...SAVED, security: 'ssl3' },
      {
        afterSave: async () => {
          reread += 1;
        },
      },
    );
    draft.getState().set('password', 'segreto');
    expect(await draft.getState().save()).toEqual(ok(answer));
    expect(station.calls).toEqual([
      {
        name: 'settings.mail',
        input: {
          enabled: true,
          host: 'smtp.example.it',
          port: '587',
          user: 'banco',
          password: 'segreto',
          from: 'Spedizioni <sped@example.it>',
          security: 'starttls',
        },
      },
    ]);
    expect(reread).toBe(1);
    expect(draft.getState().values.password).toBe('');
  });

  it("names the station's refusal on its field and keeps the draft", async () => {
    const refusal = 'Accesso rifiutato dal server: controllare utente e password';
    const station = fakeStation({ 'settings.mail': () => failFields({ password: otherIssue(refusal) }) });
    const draft = createMailDraft(station.api, SAVED);
    draft.getState().set('password', 'sbagliata');
    expect((await draft.getState().save())?.ok).toBe(false);
    expect(shownText(draft.getState().errors.password)).toBe(refusal);
    expect(draft.getState().values.password).toBe('sbagliata');
    expect(draft.getState().busy).toBe(false);
  });
});
