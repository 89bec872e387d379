// A client's sender profile draft without a browser: the shared profile rules name each bad field in the words the
// screen shows, the station gets the profile as parsed, and its refusal (the CAP against the city) stays beside the
// field with everything typed.
import { describe, expect, it } from 'vitest';
import { failFields, ok } from '../../../../../src/shared/ipc/result';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { createSenderDraft, type SenderValues } from '../../../../../src/renderer/stores/settings/senderDraft';
import { fakeStation, shownText } from './fakeStation';

const TYPED: SenderValues = {
  name: ' Magazzino Rossi ',
  contact: '',
  addr: 'Via Roma 1',
  cap: '47121',
  city: 'Forlì',
  prov: 'FC',
  country_code: 'IT',
  phone: '',
  email: '',
  eori: '',
  vat: '',
};

function typed(draft: ReturnType<typeof createSenderDraft>, values: Partial<SenderValues>) {
  for (const [key, value] of Object.entries(values)) draft.getState().set(key as keyof SenderValues, value);
}

describe('the sender profile draft', () => {
  it('starts empty in Italy for a client with no profile, and is dirty only once edited', () => {
    const draft = createSenderDraft(fakeStation().api, { clientId: 1001, profile: null });
    expect(draft.getState().values).toMatchObject({ name: '', country_code: 'IT' });
    expect(draft.getState().dirty).toBe(false);
    draft.getState().set('name', 'Rossi');
    expect(draft.getState().dirty).toBe(true);
    draft.getState().reset();
    expect(draft.getState().values.name).toBe('');
    expect(draft.getState().dirty).toBe(false);
  });

  it('names every bad field in Italian as the screen shows it, without asking the station', async () => {
    const station = fakeStation();
    const draft = createSenderDraft(station.api, { clientId: 1001, profile: null });
    typed(draft, { ...TYPED, name: '', email: 'non-una-mail', country_code: 'ITA' });
    expect((await draft.getState().save()).ok).toBe(false);
    const errors = draft.getState().errors;
    expect(shownText(errors.name)).toBe('obbligatorio');
    expect(shownText(errors.email)).toBe('indirizzo e-mail non valido');
    expect(errors.country_code).toBeDefined();
    expect(station.calls).toEqual([]);
  });

  it('asks for the province of an Italian sender', async () => {
    const draft = createSenderDraft(fakeStation().api, { clientId: 1001, profile: null });
    typed(draft, { ...TYPED, prov: '' });
    await draft.getState().save();
    expect(shownText(draft.getState().errors.prov)).toBe('obbligatorio');
  });

  it('sends exactly the parsed profile, and says it was saved', async () => {
    let saved = 0;
    const station = fakeStation({ 'senders.save': (input: { profile: unknown }) => ok({ profile: input.profile }) });
    const draft = createSenderDraft(station.api, { clientId: 1001, profile: null }, { afterSave: () => (saved += 1) });
    typed(draft, TYPED);
    expect((await draft.getState().save()).ok).toBe(true);
    expect(station.calls).toEqual([
      { name: 'senders.save', input: { clientId: 1001, profile: { ...TYPED, name: 'Magazzino Rossi' } } },
    ]);
    expect(saved).toBe(1);
  });

  it("keeps the draft and shows the station's refusal beside its field", async () => {
    const refusal = 'CAP 47121 non corrisponde a Cesena';
    const station = fakeStation({ 'senders.save': () => failFields({ cap: otherIssue(refusal) }) });
    const draft = createSenderDraft(station.api, { clientId: 1001, profile: null });
    typed(draft, { ...TYPED, city: 'Cesena' });
    expect((await draft.getState().save()).ok).toBe(false);
    expect(shownText(draft.getState().errors.cap)).toBe(refusal);
    expect(draft.getState().values.city).toBe('Cesena');
    expect(draft.getState().dirty).toBe(true);
  });

  it('forgets the saved profile by sending none', async () => {
    const station = fakeStation({ 'senders.save': () => ok({ profile: null }) });
    const draft = createSenderDraft(station.api, { clientId: 1002, profile: null });
    expect((await draft.getState().forget()).ok).toBe(true);
    expect(station.calls).toEqual([{ name: 'senders.save', input: { clientId: 1002, profile: null } }]);
  });
});
