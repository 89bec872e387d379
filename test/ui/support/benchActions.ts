// What an operator's hands do at the packing bench in the UI tests: put a parcel on the scale and wait until the screen
// shows its stable weight, and scan a code with a reader (typed where the focus is, then Enter); and the bench those
// tests start: a Zebra peer printing each label at once, a scale peer on its port, orders imported before the page;
// the alert tones counted instead of played.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserHostOptions } from '../../../src/station/hosts/browserHost';
import type { Dispatcher } from '../../../src/station/dispatch';
import type { ImportPreview } from '../../../src/shared/ipc/orderCommands';
import { tcpPrinter } from '../../fixtures/printers';
import { commandValue } from '../../helpers/stationCommands';
import { tempDir } from '../../helpers/tmp';
import { startScalePeer, type ScalePeer } from '../../peers/scalePeer';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';

/** A stable weight on the pan, once the screen shows it (`shown` as the screen writes it: "1,250 kg"). */
export async function weigh(page: Page, scale: ScalePeer, kg: number, shown: string): Promise<void> {
  scale.setWeight(kg, { stable: true });
  await expect.poll(() => page.getByTestId('scale-weight').textContent(), { timeout: 10_000 }).toBe(shown);
  await expect.poll(() => page.getByTestId('scale-readout').getAttribute('data-state')).toBe('stable');
}

/** A barcode reader: the code typed where the focus is, then Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** A packing bench's station: labels to the Zebra peer as each shipment is saved, the scale peer on its port. */
function benchStation(
  dataDir: string,
  zebra: ZebraPrinter,
  scale: ScalePeer,
  protocol: 'mt-sics' | 'continuous',
): Omit<BrowserHostOptions, 'rendererDir'> {
  return {
    dataDir,
    station: {
      printing: { printers: [tcpPrinter(zebra)], autoPrint: true },
      bench: { scale: { path: scale.path, baudRate: 9600, protocol } },
    },
  };
}

/** A packing bench's peers (the Zebra-like printer, a scale speaking `protocol`), its station over them, one close. */
export async function startBench(protocol: 'mt-sics' | 'continuous') {
  const zebra = await startZebraPrinter();
  const scale = await startScalePeer({ protocol, dir: tempDir() });
  const station = benchStation(tempDir(), zebra, scale, protocol);
  const close = async () => {
    await scale.close();
    await zebra.close();
  };
  return { zebra, scale, station, close };
}

/** An order file imported through its preview, as the Orders screen does it; throws unless `orders` were added. */
export async function importOrderFile(dispatch: Dispatcher['dispatch'], csv: string, orders: number): Promise<void> {
  const base64 = Buffer.from(csv, 'utf8').toString('base64');
  const preview = commandValue<ImportPreview>(await dispatch('orders.preview', { fileName: 'ordini.csv', base64 }));
  const kept = commandValue<{ added: number }>(await dispatch('orders.import', { importId: preview.importId }));
  if (kept.added !== orders) throw new Error(`${kept.added} orders imported, not ${orders}`);
}

/**
 * The page's Web Audio replaced by one that only counts the tones started (window.beeps). A string: it runs in the
 * page, and this Node-side project has no DOM types to write it as a function.
 */
export const COUNTED_BEEPS = `
  window.beeps = 0;
  window.AudioContext = class {
    currentTime = 0;
    destination = {};
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect: (next) => next, start: () => { window.beeps += 1; },
        stop: () => undefined, onended: null };
    }
    createGain() { return { gain: { value: 0 }, connect: (next) => next }; }
    close() { return Promise.resolve(); }
  };
`;
