// The renderer's stores against a real station (its dispatcher, over a fresh SQLite file), through the same typed
// API the screens use: what the bench sees when it types a shipment, pages through a long list and confirms.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { StationApi } from '../../../src/renderer/stationApi';
import { rendererApiOver } from '../../helpers/stationCommands';
import { createConfirmStore } from '../../../src/renderer/stores/confirmStore';
import { createListStore, LIST_RETRY_MS, PAGE_SIZE } from '../../../src/renderer/stores/listStore';
import { createFormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import { clearedCourierFields, type FormField } from '../../../src/shared/domain/shipmentForm';
import { TYPED_SHIPMENT, validShipment } from '../../fixtures/shipments';
import { goodsLineCells, ZURICH_PLACE } from '../../fixtures/customsLines';
import type { LineField } from '../../../src/shared/domain/goodsLinesForm';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { fail } from '../../../src/shared/ipc/result';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

async function stationApi(): Promise<{ api: StationApi; station: Station }> {
  station = await createStation({ dataDir: tempDir() });
  return { api: rendererApiOver(station), station };
}

const TYPED: Partial<Record<FormField, string>> = { ddt_alpha: 'ORD-1', ...TYPED_SHIPMENT, rcpt_contact: 'Anna' };

describe('the new-shipment form store', () => {
  it("shows the shared schema's errors only for touched fields, and all of them once a save was tried", async () => {
    const { api } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001, 1002]);
    form.getState().setValue('rcpt_email', 'not-an-email');

    expect(form.getState().visibleError('rcpt_email')).toBeUndefined();
    form.getState().touch('rcpt_email');
    expect(form.getState().visibleError('rcpt_email')).toEqual({
      code: 'email',
      message: 'indirizzo e-mail non valido',
    });
    expect(form.getState().visibleError('rcpt_name')).toBeUndefined();

    expect(await form.getState().submit()).toBe(false);
    expect(form.getState().visibleError('rcpt_name')).toEqual({ code: 'required', message: 'obbligatorio' });
    expect(form.getState().focus.field).toBe('rcpt_name');
  });

  it('shows a required field left empty as missing once it is touched, before anything was typed', async () => {
    const { api } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001, 1002]);
    expect(form.getState().visibleError('rcpt_name')).toBeUndefined();
    form.getState().touch('rcpt_name');
    expect(form.getState().visibleError('rcpt_name')).toEqual({ code: 'required', message: 'obbligatorio' });
    expect(form.getState().visibleError('rcpt_addr')).toBeUndefined();
  });

  it(
    'saves a typed shipment (decimal commas included), shows its label and starts over keeping client and goods, ' +
      'the service back to the cheapest',
    async () => {
      const { api } = await stationApi();
      const form = createFormStore(api, { suggest: 1, quote: 1 });
      form.getState().init([1001, 1002]);
      form.getState().setValues({ client_id: '1002', corriere: '70', servizio: '1' });
      for (const [field, value] of Object.entries(TYPED)) form.getState().setValue(field as FormField, value);

      expect(await form.getState().submit()).toBe(true);

      const saved = form.getState().saved;
      expect(saved?.detail?.row).toMatchObject({ ddtAlpha: 'ORD-1', clientId: 1002, peso: 2.5, status: 0 });
      expect(saved?.detail?.previewJpg.length).toBeGreaterThan(1000);
      expect(saved?.detail?.row.numSpedizione).not.toBe('');
      expect(form.getState().values).toMatchObject({
        ddt_alpha: '',
        rcpt_name: '',
        client_id: '1002',
        corriere: '0',
        servizio: '0',
        merce: 'Libri',
      });
      expect(form.getState().focus.field).toBe('ddt_alpha');
    },
  );

  it('looks up city and province for a five-digit CAP and quotes the shipment once it is complete', async () => {
    const { api } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    for (const [field, value] of Object.entries(TYPED)) {
      if (field !== 'rcpt_city' && field !== 'rcpt_prov') form.getState().setValue(field as FormField, value);
    }

    await until(() => form.getState().values.rcpt_city !== '');
    expect(form.getState().values).toMatchObject({ rcpt_city: 'Forlì', rcpt_prov: 'FC' });
    await until(() => form.getState().quote !== undefined);
    const eligible = form.getState().quote?.eligible ?? [];
    expect(eligible.length).toBeGreaterThan(1);
  });

  it('fills daticolli from the parcel table and takes weight and volume as its sums', async () => {
    const { api } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    for (const [field, value] of Object.entries(TYPED)) form.getState().setValue(field as FormField, value);
    form.getState().setValues({ corriere: '70', servizio: '1' });
    form.getState().setDetailed(true);
    form.getState().setValue('colli', '2');
    form.getState().setParcel(0, 'peso', '1,5');
    form.getState().setParcel(0, 'lunghezza', '30');
    form.getState().setParcel(0, 'larghezza', '20');
    form.getState().setParcel(0, 'altezza', '10');
    form.getState().setParcel(1, 'peso', '2');
    form.getState().setParcel(1, 'volume', '0.004');

    expect(form.getState().values).toMatchObject({ peso: '3.5', volume: '0.01' });
    expect(await form.getState().submit()).toBe(true);
    const record = form.getState().saved?.detail?.record as { daticolli?: { peso: number; volume: number }[] };
    expect(record.daticolli?.map((p) => [p.peso, p.volume])).toEqual([
      [1.5, 0.006],
      [2, 0.004],
    ]);
  });
  it('sends the chosen courier’s own fields (a goods code, a list of options) and only that courier’s', async () => {
    const { api } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    for (const [field, value] of Object.entries(TYPED)) form.getState().setValue(field as FormField, value);
    // Demo Cargo takes its delivery options as a list, typed the way a person would.
    form.getState().setValues({ corriere: '74', servizio: '1', carrier4_options: 'avv, PRV' });
    expect(await form.getState().submit()).toBe(true);
    expect(form.getState().saved?.detail?.record).toMatchObject({ carrier4_options: ['avv', 'PRV'], status: 0 });

    // Demo Rapido needs its goods code: the field left from Demo Cargo is cleared by the picker, not sent along.
    form.getState().reset(true);
    for (const [field, value] of Object.entries({ ...TYPED, ddt_alpha: 'ORD-2' }))
      form.getState().setValue(field as FormField, value);
    form.getState().setValues({ ...clearedCourierFields(['codice_merce_carrier5']), corriere: '75', servizio: '1' });
    form.getState().setValue('codice_merce_carrier5', 'ric');
    expect(await form.getState().submit()).toBe(true);
    expect(form.getState().saved?.detail?.record).toMatchObject({
      codice_merce_carrier5: 'RIC',
      carrier4_options: [],
      status: 0,
    });
  });
});

describe('the new-shipment form store and the quote', () => {
  /** A parcel for Zürich, customs data included. */
  const SWISS: Partial<Record<FormField, string>> = {
    ...TYPED,
    ddt_alpha: 'ORD-CH',
    ...ZURICH_PLACE,
    rcpt_phone: '+41441234567',
    valore_doganale: '120',
    invoice_number: 'F-2024-77',
    invoice_date: '2024-05-02',
    sender_eori: 'IT01234567890',
  };
  const typeInto = (form: ReturnType<typeof createFormStore>, values: Partial<Record<FormField, string>>) => {
    for (const [field, value] of Object.entries(values)) form.getState().setValue(field as FormField, value);
    // Its goods lines, worth the customs value: two, the second added as the operator adds it.
    if (values.rcpt_country_code === 'CH')
      goodsLineCells(120, 1).forEach((cells, index) => {
        if (index >= form.getState().lines.length) form.getState().addLine();
        for (const [field, value] of Object.entries(cells)) form.getState().setLine(index, field as LineField, value);
      });
  };

  it('refuses to save what nothing can carry, even before its quote came, keeping all that was typed', async () => {
    const { api, station: s } = await stationApi();
    // The quote would come only after 10 s of quiet: the save waits for it rather than saving blind.
    const form = createFormStore(api, { suggest: 1, quote: 10_000 });
    form.getState().init([1001]);
    typeInto(form, { ...SWISS, peso: '2000' });

    expect(await form.getState().submit()).toBe(false);
    expect(form.getState().quote?.eligible).toEqual([]);
    expect(form.getState().visibleError('corriere')?.message).toMatch(
      /^Nessun servizio può trasportare questa spedizione: /,
    );
    expect(form.getState().focus.field).toBe('corriere');
    expect(form.getState().values).toMatchObject({ ...SWISS, peso: '2000' });
    expect(s.engine.listShipments(s.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);

    // A weight something can carry: the refusal goes, and the cheapest service carries it.
    form.getState().setValue('peso', '2,5');
    expect(form.getState().visibleError('corriere')).toBeUndefined();
    expect(await form.getState().submit()).toBe(true);
    expect(form.getState().saved?.detail?.row).toMatchObject({ ddtAlpha: 'ORD-CH', status: 0 });
  });

  it('says at each goods line’s cell what customs would refuse, and sends the lines once right', async () => {
    const { api, station: s } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    typeInto(form, { ...SWISS, valore_doganale: '' });
    form.getState().setLine(1, 'hs_code', '');
    form.getState().setLine(0, 'origine', 'XX');

    expect(await form.getState().submit()).toBe(false);
    expect(form.getState().visibleError('dettagli_ordine.1.hs_code')).toMatchObject({ code: 'required' });
    expect(form.getState().visibleError('dettagli_ordine.0.origine')).toMatchObject({ code: 'country' });
    // The lines come before the customs value on the form: the focus goes to the first cell wrong.
    expect(form.getState().focus.field).toBe('dettagli_ordine.0.origine');
    expect(s.engine.listShipments(s.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);

    // A customs value typed that the lines do not make: said at the value, with the lines' total.
    form.getState().setLine(1, 'hs_code', '6911 10');
    form.getState().setLine(0, 'origine', 'it');
    form.getState().setValue('valore_doganale', '100');
    expect(await form.getState().submit()).toBe(false);
    expect(form.getState().visibleError('valore_doganale')).toMatchObject({ code: 'customsTotal', value: '120.00' });

    // Left blank, the customs value is the lines' total: saved with both lines.
    form.getState().setValue('valore_doganale', '');
    expect(await form.getState().submit()).toBe(true);
    const record = form.getState().saved?.detail?.record;
    expect(record).toMatchObject({ valore_doganale: 120, status: 0 });
    // The HS code typed with a space is sent as its digits (issue 39).
    expect(record?.dettagli_ordine).toMatchObject([
      { sku: 'LIB-01', hs_code: '490199', origine: 'IT', qty: 1, prezzo_singolo: 60, peso_riga: 0.5 },
      { sku: 'TAZ-02', hs_code: '691110', origine: '', qty: 1, prezzo_singolo: 60, peso_riga: 0.5 },
    ]);
    // The next shipment starts with one empty line.
    expect(form.getState().lines).toHaveLength(1);
    expect(form.getState().lines[0]?.description).toBe('');
  });

  it('refuses to save on a service the quote excludes, with the quote’s reason beside the courier', async () => {
    const { api, station: s } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    typeInto(form, SWISS);
    await until(() => form.getState().quote !== undefined);
    const excluded = form.getState().quote?.excluded[0];
    if (!excluded) throw new Error('every service carries a Swiss parcel: pick another case');
    form.getState().setValues({ corriere: String(excluded.corriere), servizio: String(excluded.servizio) });

    expect(await form.getState().submit()).toBe(false);
    // The station's words, and the exclusion itself for the screen to say in the operator's language.
    expect(form.getState().visibleError('corriere')).toEqual({
      code: 'other',
      message: excluded.reason,
      exclusion: excluded,
    });
    expect(form.getState().values).toMatchObject(SWISS);
    expect(s.engine.listShipments(s.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);
  });

  it("says every text too long for the chosen courier at once, what is over, the form's limit with them", async () => {
    const { api, station: s } = await stationApi();
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    // A Shopify address of 160 characters (two lines joined once): over the form's 150 and Demo Express's 35.
    const address = `Corso Vittorio Emanuele II 81 ${'scala B, interno 7, presso Studio Rossi '.repeat(4)}`.trim();
    typeInto(form, {
      ...TYPED,
      corriere: '70',
      servizio: '1',
      rcpt_name: 'Libreria Antiquaria Bianchi e Figli S.n.c.',
    });
    form.getState().setValue('rcpt_addr', address);
    expect(address.length).toBeGreaterThan(150);

    expect(await form.getState().submit()).toBe(false);
    // The courier's stricter limit at the address (not the form's 150 first, then 35), and the name's, together.
    expect(form.getState().visibleError('rcpt_addr')).toMatchObject({
      code: 'courierMaxChars',
      value: '35',
      length: address.length,
    });
    expect(form.getState().visibleError('rcpt_name')).toMatchObject({
      code: 'courierMaxChars',
      value: '35',
      length: 42,
    });
    expect(form.getState().focus.field).toBe('rcpt_name');
    expect(s.engine.listShipments(s.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);

    // Both shortened: saved.
    form.getState().setValues({ rcpt_name: 'Libreria Bianchi', rcpt_addr: 'Corso Vittorio Emanuele II 81' });
    expect(await form.getState().submit()).toBe(true);
  });

  it('keeps the form filled (customs data too) when the station refuses the save, its words by the field', async () => {
    const { api, station: s } = await stationApi();
    // The station's answer to a save the courier would refuse (it stores nothing), as the form receives it.
    const refusal = {
      code: 'refused' as const,
      message: 'Nome del destinatario troppo lungo per Demo Europa (massimo 50 caratteri)',
      fields: { rcpt_name: { code: 'other' as const, message: 'massimo 50 caratteri per Demo Europa' } },
    };
    const refusing: StationApi = {
      ...api,
      call: ((name, input) =>
        name === 'shipments.create'
          ? Promise.resolve({ ok: false, error: refusal })
          : api.call(name, input)) as StationApi['call'],
    };
    const form = createFormStore(refusing, { suggest: 1, quote: 1 });
    form.getState().init([1001]);
    typeInto(form, SWISS);

    expect(await form.getState().submit()).toBe(false);
    expect(form.getState().formError).toEqual(refusal);
    expect(form.getState().visibleError('rcpt_name')).toEqual(refusal.fields.rcpt_name);
    expect(form.getState().focus.field).toBe('rcpt_name');
    expect(form.getState().values).toMatchObject(SWISS);
    expect(form.getState().saved).toBeUndefined();
    expect(s.engine.listShipments(s.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(0);
  });
});

describe('the shipment list store', () => {
  it('pages through a long departing list from the station and searches it', async () => {
    const { api, station: s } = await stationApi();
    for (let i = 0; i < 205; i += 1)
      await s.engine.createShipment(
        s.caller,
        // ZPL only: the list store is under test, not the PDF and JPG renderers.
        validShipment({ ddt_alpha: `ORD-${i}`, rcpt_name: i === 17 ? 'Rossi Unico' : 'Cliente', labelType: 'ZPL' }),
      );
    const list = createListStore(api, 'departing', 1);

    list.getState().showRange(0, 30);
    await until(() => list.getState().loaded);
    expect(list.getState().total).toBe(205);
    expect(Object.keys(list.getState().pages)).toEqual(['0']);
    expect(list.getState().rowAt(PAGE_SIZE)).toBeUndefined();

    list.getState().showRange(190, 204);
    await until(() => list.getState().rowAt(204) !== undefined);
    expect(Object.keys(list.getState().pages).sort()).toEqual(['0', '1', '2']);

    list.getState().setSearchText('Rossi Unico');
    await until(() => list.getState().total === 1);
    expect(list.getState().rowAt(0)?.ddtAlpha).toBe('ORD-17');
  });

  it('runs a scanned search at its Enter, without waiting for the typing pause', async () => {
    const { api, station: s } = await stationApi();
    for (let i = 0; i < 3; i += 1) await s.engine.createShipment(s.caller, validShipment({ ddt_alpha: `ORD-${i}` }));
    // A pause longer than the test: only flushSearch can run the search.
    const list = createListStore(api, 'departing', 60_000);
    list.getState().showRange(0, 30);
    await until(() => list.getState().total === 3);
    list.getState().setSearchText('ORD-2');
    list.getState().flushSearch();
    expect(list.getState().search).toBe('ORD-2');
    expect(list.getState().rowAt(0)).toBeUndefined();
    await until(() => list.getState().total === 1);
    expect(list.getState().rowAt(0)?.ddtAlpha).toBe('ORD-2');
  });
  it('asks again for a page the station could not give now, and shows the rows once it does', async () => {
    const { api, station: s } = await stationApi();
    await s.engine.createShipment(s.caller, validShipment({ ddt_alpha: 'ORD-1' }));
    // The first answer is the one a busy storage gives; the transport is the boundary, so it is the one faked.
    let refused = 0;
    const flaky: StationApi = {
      ...api,
      call: (name, input) => {
        if (name === 'shipments.list' && refused === 0) {
          refused += 1;
          return Promise.resolve(fail('unavailable', 'Archivio occupato: riprova'));
        }
        return api.call(name, input);
      },
    };
    const list = createListStore(flaky, 'departing', 1);
    list.getState().showRange(0, 30);
    await until(() => list.getState().loaded);
    expect(list.getState().error?.code).toBe('unavailable');
    expect(list.getState().total).toBe(0);
    await until(() => list.getState().total === 1, LIST_RETRY_MS * 10);
    expect(list.getState().error).toBeUndefined();
    expect(list.getState().rowAt(0)?.ddtAlpha).toBe('ORD-1');
    expect(refused).toBe(1);
    list.getState().dispose();
  });
});

describe('the confirm store', () => {
  it("confirms by scanned numeric references and keeps the station's summary and errors as they come", async () => {
    const { api, station: s } = await stationApi();
    for (let i = 1; i <= 2; i += 1) await s.engine.createShipment(s.caller, validShipment({ ddt_num: i }));
    const confirm = createConfirmStore(api);
    confirm.getState().setMode('refs');
    for (const text of ['1', '2', 'abc', '99']) {
      confirm.getState().setRefText(text);
      confirm.getState().addRef();
    }
    expect(confirm.getState().ddtNums).toEqual([1, 2, 99]);

    await confirm.getState().run([]);

    expect(confirm.getState().outcome).toMatchObject({ status: '2 spedizioni confermate, 1 errori', confirmed: 2 });
    expect(confirm.getState().outcome?.errors).toEqual([{ ddtNum: 99, error: 'Spedizione non trovata' }]);
  });

  it('opens F4 on every shipment waiting, confirms what it showed, a result seen again is the last one', async () => {
    const { api, station: s } = await stationApi();
    for (const ddt_alpha of ['SERA-1', 'SERA-2']) await s.engine.createShipment(s.caller, validShipment({ ddt_alpha }));
    const confirm = createConfirmStore(api);
    confirm.getState().arrive(0);
    expect(confirm.getState().mode).toBe('waiting');
    await confirm.getState().loadPreview([]);
    expect(confirm.getState().preview).toMatchObject({ shipments: 2 });
    // Made after the summary was read: not in what the owner checked, so not confirmed with it.
    await s.engine.createShipment(s.caller, validShipment({ ddt_alpha: 'SERA-3' }));

    await confirm.getState().run([]);
    expect(confirm.getState().outcome).toMatchObject({ confirmed: 2, errors: [] });
    expect(confirm.getState().outcomeSeen).toBe(false);
    expect(confirm.getState().outcomeAt).toBeInstanceOf(Date);

    // Back at F4 later: the same result, now the last confirmation. A row clicked meanwhile does not narrow F4;
    // «Conferma le selezionate» does, that once.
    confirm.getState().arrive(1);
    expect(confirm.getState()).toMatchObject({ mode: 'waiting', outcomeSeen: true, outcome: { confirmed: 2 } });
    confirm.getState().askSelection();
    confirm.getState().arrive(1);
    expect(confirm.getState().mode).toBe('selection');
    confirm.getState().arrive(1);
    expect(confirm.getState().mode).toBe('waiting');
    await confirm.getState().loadPreview([]);
    expect(confirm.getState().preview).toMatchObject({ shipments: 1 });
  });
});
