// A packing bench for the customs papers' tests: a Zebra label printer, a fake CUPS whose queue "Ufficio" is the A4
// document printer when there is one, and a station over a fresh data folder; all of it stopped after each test.
import { afterEach } from 'vitest';
import { createStation, type Station } from '../../src/station/index';
import { createDispatcher, type Dispatcher } from '../../src/station/dispatch';
import { officePrinter, tcpPrinter } from '../fixtures/printers';
import { startFakeCups, type FakeCups, type FakeQueue } from '../peers/fakeCups';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { removeTempDirs, tempDir } from './tmp';

export interface BenchOptions {
  /** The A4 queue (idle "Ufficio" by default); null: a Zebra only, no A4 printer. */
  queue?: FakeQueue | null;
  autoPrint?: boolean;
  /** No printer at all (the peers are not started). */
  noPrinters?: boolean;
}

export interface CustomsBench {
  readonly station: Station | undefined;
  readonly zebra: ZebraPrinter | undefined;
  readonly cups: FakeCups | undefined;
  /** Starts the bench (one per test) and answers its command table. */
  start(options?: BenchOptions): Promise<Dispatcher['dispatch']>;
}

const OFFICE_QUEUE: FakeQueue = { name: 'Ufficio', state: 'idle' };

export function useCustomsBench(): CustomsBench {
  let station: Station | undefined;
  let zebra: ZebraPrinter | undefined;
  let cups: FakeCups | undefined;
  afterEach(async () => {
    await station?.close();
    station = undefined;
    await zebra?.close();
    zebra = undefined;
    cups?.remove();
    cups = undefined;
    removeTempDirs();
  });
  return {
    get station() {
      return station;
    },
    get zebra() {
      return zebra;
    },
    get cups() {
      return cups;
    },
    async start({ queue = OFFICE_QUEUE, autoPrint = true, noPrinters = false } = {}) {
      if (noPrinters) {
        station = await createStation({ dataDir: tempDir() });
        return createDispatcher(station).dispatch;
      }
      zebra = await startZebraPrinter();
      cups = startFakeCups({ queues: queue ? [queue] : [] });
      const printers = [tcpPrinter(zebra), ...(queue ? [officePrinter()] : [])];
      station = await createStation({
        dataDir: tempDir(),
        printing: { autoPrint, printers, commandEnv: cups.env, retryMs: 50 },
      });
      return createDispatcher(station).dispatch;
    },
  };
}
