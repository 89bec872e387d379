// A whole day at a connected bench in Chromium, in Italian and in English: the first shipment entered while the line
// is down (its label printed once the remote answers), then as at a standalone bench (support/benchDayJourney.ts);
// the remote (our own service, behind a proxy that can go offline) ends up with exactly what the bench did.
import { afterEach, describe, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../helpers/syncSetup';
import { tempDir } from '../helpers/tmp';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { startStationPage, useChromium, withAccountCatalog } from './support/harness';
import { fullDay, printerOf, type Language } from './support/benchDayJourney';

const peers = useRemote();
const chromium = useChromium();
let host: BrowserHost | undefined;
let zebra: ZebraPrinter | undefined;

afterEach(async () => {
  peers.proxy.setOffline(false);
  await host?.close();
  host = undefined;
  await zebra?.close();
  zebra = undefined;
});

describe('a day at a connected bench', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `connected, offline then back online, in ${language === 'it' ? 'Italian' : 'English'}: create, label ` +
        'printed, amend, delete one, confirm with manifest',
      { timeout: 120_000 },
      async () => {
        zebra = await startZebraPrinter();
        const started = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          station: {
            remoteUrl: peers.proxy.url,
            apiKey: REMOTE_KEY,
            clientIds: CLIENT_IDS,
            sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 300 } },
            printing: { printers: [printerOf(zebra)], autoPrint: true, retryMs: 50 },
          },
          before: withAccountCatalog,
        });
        host = started.host;
        await fullDay(started, zebra, language, peers);
      },
    );
  }
});
