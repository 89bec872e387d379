// The renderer's stores against a real station (its dispatcher, over a fresh SQLite file), through the same typed
// API the screens use: what the bench sees when it types a shipment, pages through a long list and confirms.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { StationApi } from '../../../src/renderer/stationApi';
import { rendererApiOver } from '../../helpers/stationCommands';
import { createConfirmStore } from '../../../src/renderer/stores/confirmStore';
import { createListStore, PAGE_SIZE } from '../../../src/renderer/stores/listStore';
import { createFormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import { clearedCourierFields, type FormField } from '../../../src/shared/domain/shipmentForm';
import { validShipment } from '../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

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

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 10));
  }
};

const TYPED: Partial<Record<FormField, string>> = {
  ddt_alpha: 'ORD-1',
  rcpt_name: 'Libreria Bianchi',
  rcpt_contact: 'Anna',
  rcpt_addr: 'Corso Garibaldi 5',
  rcpt_cap: '47121',
  rcpt_city: 'Forlì',
  rcpt_prov: 'FC',
  rcpt_phone: '0543123456',
  rcpt_email: 'anna@example.com',
  peso: '2,5',
  volume: '0,01',
  merce: 'Libri',
};

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
    'saves a typed shipment (decimal commas included), shows ' + 'its label and starts over keeping client and courier',
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
        corriere: '70',
        servizio: '1',
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

describe('the shipment list store', () => {
  it('pages through a long departing list from the station and searches it', async () => {
    const { api, station: s } = await stationApi();
    for (let i = 0; i < 205; i += 1)
      await s.engine.createShipment(
        s.caller,
        validShipment({ ddt_alpha: `ORD-${i}`, rcpt_name: i === 17 ? 'Rossi Unico' : 'Cliente' }),
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
});
