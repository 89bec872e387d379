// Sender profiles per client id, in a real engine over a SQLite file: a shipment that leaves sender fields blank takes
// them from its client's profile (saved at the bench, else configured, else the engine's default), the label names
// that sender, and a profile is checked like a recipient before it is kept.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine, type EngineDeps } from '../../../src/engine/index';
import { DEMO_SENDER, type SenderProfileInput } from '../../../src/shared/domain/senderProfile';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { shipmentWithoutSender } from '../../fixtures/shipments';
import { ZURICH_GOODS, ZURICH_PLACE } from '../../fixtures/customsLines';

const WAREHOUSE: SenderProfileInput = {
  name: 'Ferramenta Rossi S.n.c.',
  contact: 'Paolo Rossi',
  addr: 'Via Cesare Battisti 12',
  cap: '06012',
  city: 'Città di Castello',
  prov: 'pg',
  phone: '075 8550000',
  email: 'spedizioni@ferramenta-rossi.example',
};
const KEY = 'senders-key-0001';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

function open(
  extra: Partial<EngineDeps> = {},
  file = join(tempDir(), 'senders.sqlite'),
): { engine: Engine; caller: Caller } {
  const engine = createEngine({
    file,
    config: { users: [{ api_key: KEY, client_ids: [2002], clients: [{ client_id: 2001, sender: WAREHOUSE }] }] },
    ...extra,
  });
  engines.push(engine);
  const caller = engine.authenticate(KEY);
  if (!caller) throw new Error('no caller');
  return { engine, caller };
}

async function created(engine: Engine, caller: Caller, body: Record<string, unknown>) {
  const outcome = await engine.createShipment(caller, body);
  if (outcome.kind !== 'created') throw new Error(outcome.error);
  return outcome.record;
}

describe('sender profiles', () => {
  it('fills the blank sender fields from the client’s configured profile and prints it on the label', async () => {
    const { engine, caller } = open();
    const record = await created(engine, caller, shipmentWithoutSender({ client_id: 2001 }));
    expect(record).toMatchObject({
      sender_name: 'Ferramenta Rossi S.n.c.',
      sender_addr: 'Via Cesare Battisti 12',
      sender_cap: '06012',
      sender_city: 'Città di Castello',
      sender_prov: 'PG',
      sender_country_code: 'IT',
      sender_contact: 'Paolo Rossi',
      sender_phone: '075 8550000',
      sender_email: 'spedizioni@ferramenta-rossi.example',
    });
    const zpl = record.label_zpl[0] ?? '';
    for (const part of ['Ferramenta Rossi S.n.c.', 'Via Cesare Battisti 12', '06012 Citt', 'Tel. 075 8550000'])
      expect(zpl).toContain(part.replace('à', '_C3_A0').slice(0, 18));

    // A request that names its own sender keeps it; only what it leaves blank comes from the profile.
    const own = await created(engine, caller, shipmentWithoutSender({ client_id: 2001, sender_name: 'Negozio Rossi' }));
    expect(own).toMatchObject({ sender_name: 'Negozio Rossi', sender_addr: 'Via Cesare Battisti 12' });
  });

  it('checks a profile like a recipient, field by field, and keeps nothing wrong', () => {
    const { engine, caller } = open();
    const save = (profile: unknown, clientId = 2002) => engine.saveSenderProfile(caller, clientId, profile);
    expect(save({ ...WAREHOUSE, cap: '00184' })).toEqual({
      ok: false,
      fields: { cap: { code: 'other', message: expect.stringContaining('CAP 00184 non coerente') } },
    });
    expect(save({ ...WAREHOUSE, name: ' ', email: 'non-una-mail', prov: 'PGG' })).toEqual({
      ok: false,
      fields: {
        name: { code: 'required', message: 'obbligatorio' },
        prov: { code: 'province', message: 'sigla di 2 caratteri' },
        email: { code: 'email', message: 'indirizzo e-mail non valido' },
      },
    });
    expect(save({ ...WAREHOUSE, prov: '' })).toMatchObject({ ok: false, fields: { prov: { code: 'required' } } });
    expect(save(WAREHOUSE, 9999)).toEqual({ ok: false, notOwned: true });
    expect(engine.senderProfiles(caller)).toEqual([
      { clientId: 2002, profile: null, source: null },
      { clientId: 2001, profile: expect.objectContaining({ name: WAREHOUSE.name }), source: 'config' },
    ]);
    // Abroad there is no municipality list to check against: the fields' own rules only.
    expect(save({ ...WAREHOUSE, country_code: 'DE', cap: '10115', city: 'Berlin', prov: '' })).toMatchObject({
      ok: true,
    });
  });

  it('prefers the bench’s saved profile, then the configured one, then the default, kept across restarts', async () => {
    const file = join(tempDir(), 'kept.sqlite');
    const first = open({ defaultSender: DEMO_SENDER }, file);
    expect((await created(first.engine, first.caller, shipmentWithoutSender({ client_id: 2002 }))).sender_name).toBe(
      DEMO_SENDER.name,
    );
    const saved = first.engine.saveSenderProfile(first.caller, 2001, { ...WAREHOUSE, name: 'Rossi Magazzino Nord' });
    expect(saved).toMatchObject({ ok: true, value: { name: 'Rossi Magazzino Nord', prov: 'PG', country_code: 'IT' } });
    first.engine.close();
    engines.splice(engines.indexOf(first.engine), 1);

    const again = open({}, file);
    expect((await created(again.engine, again.caller, shipmentWithoutSender({ client_id: 2001 }))).sender_name).toBe(
      'Rossi Magazzino Nord',
    );
    expect((await created(again.engine, again.caller, shipmentWithoutSender({ client_id: 2002 }))).sender_name).toBe(
      '',
    );
    expect(again.engine.saveSenderProfile(again.caller, 2001, null)).toEqual({ ok: true, value: null });
    expect(again.engine.senderProfiles(again.caller)[1]).toMatchObject({ source: 'config' });
  });

  it('gives the profile’s EORI and VAT number to a parcel leaving the EU that has none, only there', async () => {
    const { engine, caller } = open();
    const saved = engine.saveSenderProfile(caller, 2001, {
      ...WAREHOUSE,
      eori: 'it 01234567890',
      vat: 'it01234567890',
    });
    expect(saved).toMatchObject({ ok: true, value: { eori: 'IT01234567890', vat: 'IT01234567890' } });
    const zurich = {
      client_id: 2001,
      corriere: 71,
      servizio: 2,
      ...ZURICH_PLACE,
      ...ZURICH_GOODS,
      invoice_number: 'F1',
      invoice_date: '2026-11-20',
    };
    // Without the profile's EORI Demo Europa would refuse it (customs data): taken from the profile, it is labelled.
    expect(await created(engine, caller, shipmentWithoutSender(zurich))).toMatchObject({
      status: 0,
      sender_eori: 'IT01234567890',
      vat_seller: 'IT01234567890',
    });
    const own = await created(
      engine,
      caller,
      // Its own invoice: one number is one shipment's.
      shipmentWithoutSender({ ...zurich, sender_eori: 'IT99999999999', invoice_number: 'F2' }),
    );
    expect(own).toMatchObject({ sender_eori: 'IT99999999999', vat_seller: 'IT01234567890' });
    const forli = await created(engine, caller, shipmentWithoutSender({ client_id: 2001 }));
    expect(forli).toMatchObject({ sender_name: WAREHOUSE.name, sender_eori: '', vat_seller: '' });
  });

  it('refuses a configured profile whose postal code does not match its city, at start', () => {
    expect(() =>
      createEngine({
        file: join(tempDir(), 'bad.sqlite'),
        config: { users: [{ api_key: KEY, clients: [{ client_id: 2001, sender: { ...WAREHOUSE, cap: '00184' } }] }] },
      }),
    ).toThrow(/client 2001: sender: CAP 00184 non coerente/);
    expect(() =>
      createEngine({
        file: join(tempDir(), 'bad2.sqlite'),
        config: { users: [{ api_key: KEY, clients: [{ client_id: 2001, sender: { ...WAREHOUSE, name: '' } }] }] },
      }),
    ).toThrow(/obbligatorio[\s\S]*sender\.name/);
  });
});
