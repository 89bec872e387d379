// The bench's start against a real station: one start-up command, sent alone once events flow, answers everything
// the first screen is drawn from; the day's reminders (unprinted papers, parcels needing attention) and the scale
// follow it.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { createDispatcher } from '../../../src/station/dispatch';
import { createStationApi, type Transport } from '../../../src/renderer/stationApi';
import { connectStores, createStores } from '../../../src/renderer/stores/connect';
import { en } from '../../../src/renderer/i18n/en';
import { translate } from '../../../src/renderer/i18n/translate';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

interface Sent {
  name: string;
  /** How many answers had come back when it was sent. */
  answersBefore: number;
}

/** A transport over a real station that records what is sent, and whose events flow when the test says so. */
function recordingTransport(target: Station) {
  const dispatcher = createDispatcher(target);
  const sent: Sent[] = [];
  const answered: string[] = [];
  let flow: () => void = () => undefined;
  const flowing = new Promise<void>((resolve) => {
    flow = resolve;
  });
  const transport: Transport = {
    async invoke(name, input) {
      sent.push({ name, answersBefore: answered.length });
      const result = await dispatcher.dispatch(name, input);
      answered.push(name);
      return result;
    },
    on: (listener) => dispatcher.onEvent(listener),
    eventsFlowing: () => flowing,
  };
  return { transport, sent, answered, flow };
}

describe('the bench at start', () => {
  it(
    'is drawn from one start-up command, sent alone once events flow; the day’s reminders and the scale follow it',
    { timeout: 60_000 },
    async () => {
      station = await createStation({ dataDir: tempDir() });
      const { transport, sent, answered, flow } = recordingTransport(station);
      const api = createStationApi(transport);
      const stores = createStores(api);
      const connection = connectStores(api, stores);
      let started = false;
      void connection.started.then(() => {
        started = true;
      });

      // Nothing is read before the station's events can reach the bench: what it reads would go stale unheard.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sent).toEqual([]);
      flow();
      await connection.started;

      expect(sent[0]).toEqual({ name: 'station.start', answersBefore: 0 });
      // Alone: nothing else went before its answer came.
      expect(sent.filter((s) => s.answersBefore === 0).map((s) => s.name)).toEqual(['station.start']);
      expect(started).toBe(true);
      const app = stores.app.getState();
      expect(app.info?.clientIds.length).toBeGreaterThan(0);
      expect(app.settings?.language).toBe('it');
      expect(app.language).toBe('it');
      expect(stores.status.getState().sync?.mode).toBe('standalone');
      expect(stores.status.getState().printers).toEqual(app.settings?.printers);
      expect(stores.form.getState().values.client_id).toBe(String(app.info?.clientIds[0]));

      await until(() =>
        ['printing.unprintedPapers', 'parcels.attention', 'scale.get'].every((n) => answered.includes(n)),
      );
      expect(sent.map((s) => s.name).filter((n) => n === 'station.start')).toHaveLength(1);
      expect(stores.attention.getState().loaded).toBe(true);
      connection.disconnect();
    },
  );

  it('on an English bench is drawn in English: its words are read before the bench is', async () => {
    station = await createStation({ dataDir: tempDir() });
    await createDispatcher(station).dispatch('settings.update', { language: 'en' });
    const { transport, flow } = recordingTransport(station);
    const api = createStationApi(transport);
    const stores = createStores(api);
    const connection = connectStores(api, stores);
    flow();
    await connection.started;

    const { language } = stores.app.getState();
    expect(language).toBe('en');
    expect(translate(language, 'nav.new')).toBe(en['nav.new']);
    expect(translate(language, 'nav.new')).not.toBe(translate('it', 'nav.new'));
    connection.disconnect();
  });
});
