// A client's partner endpoint draft without a browser: the shared endpoint rules refuse an address or a short secret
// in their own Italian words, the station gets the address as parsed, the typed secret is forgotten once saved, and a
// refusal stays beside its field with the draft kept.
import { describe, expect, it } from 'vitest';
import { failFields, ok } from '../../../../../src/shared/ipc/result';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { createPartnerDraft } from '../../../../../src/renderer/stores/settings/partnerDraft';
import { fakeStation, shownText } from './fakeStation';

const SECRET = 'segreto-lungo-abbastanza';
const none = { clientId: 1001, endpoint: null };

describe('the partner endpoint draft', () => {
  it('starts from the saved address with no secret, and is dirty only once edited', () => {
    const draft = createPartnerDraft(fakeStation().api, { clientId: 1001, endpoint: { url: 'https://shop.example' } });
    expect(draft.getState().values).toEqual({ url: 'https://shop.example', secret: '' });
    draft.getState().set('secret', 'x');
    expect(draft.getState().dirty).toBe(true);
    draft.getState().reset();
    expect(draft.getState().values.secret).toBe('');
    expect(draft.getState().dirty).toBe(false);
  });

  it('refuses plain http to another computer and a short secret, in the words the screen shows', async () => {
    const station = fakeStation();
    const draft = createPartnerDraft(station.api, none);
    draft.getState().set('url', 'http://shop.example/hook');
    draft.getState().set('secret', 'corto');
    expect((await draft.getState().save()).ok).toBe(false);
    expect(shownText(draft.getState().errors.url)).toBe(
      'Serve https:// (http:// solo per un ricevitore su questo computer: 127.0.0.1, localhost)',
    );
    expect(shownText(draft.getState().errors.secret)).toBe('Segreto troppo corto: almeno 16 caratteri');
    expect(station.calls).toEqual([]);
  });

  it('sends exactly the parsed input (the address trimmed) and forgets the secret once saved', async () => {
    let saved = 0;
    const station = fakeStation({ 'partners.save': () => ok({ saved: true }) });
    const draft = createPartnerDraft(station.api, none, { afterSave: () => (saved += 1) });
    draft.getState().set('url', '  https://shop.example/hook ');
    draft.getState().set('secret', SECRET);
    expect((await draft.getState().save()).ok).toBe(true);
    expect(station.calls).toEqual([
      {
        name: 'partners.save',
        input: { clientId: 1001, url: 'https://shop.example/hook', secret: SECRET, remove: false },
      },
    ]);
    expect(draft.getState().values.secret).toBe('');
    expect(saved).toBe(1);
  });

  it("keeps the draft and shows the station's refusal beside its field", async () => {
    const station = fakeStation({ 'partners.save': () => failFields({ secret: otherIssue('Segreto obbligatorio') }) });
    const draft = createPartnerDraft(station.api, none);
    draft.getState().set('url', 'https://shop.example/hook');
    expect((await draft.getState().save()).ok).toBe(false);
    expect(shownText(draft.getState().errors.secret)).toBe('Segreto obbligatorio');
    expect(draft.getState().values.url).toBe('https://shop.example/hook');
  });

  it('removes the endpoint whatever the address field holds', async () => {
    const station = fakeStation({ 'partners.save': () => ok({ saved: false }) });
    const draft = createPartnerDraft(station.api, { clientId: 1002, endpoint: { url: 'https://shop.example' } });
    draft.getState().set('url', 'non un indirizzo');
    expect((await draft.getState().remove()).ok).toBe(true);
    expect(station.calls).toEqual([
      { name: 'partners.save', input: { clientId: 1002, url: 'non un indirizzo', secret: '', remove: true } },
    ]);
  });
});
