// The batch bench's printers in a process of their own (forked by batch.ts): a Zebra peer and an ESC/POS peer. In the
// bench's process their parsing of a 300 kB job (up to 40 ms for the slips) stood in the event loop whose stalls are
// the station's to measure. Told over IPC: start, wait for N labels (answering the last one's time on the monotonic
// clock all processes share, and the labels), close.
import { startEscposPrinter, type EscposPrinter } from '../peers/escposPrinter';
import { startZebraPrinter, type ZebraOptions, type ZebraPrinter } from '../peers/zebraPrinter';

export type PeersRequest =
  { start: Pick<ZebraOptions, 'printSpeedIps' | 'dpi'> } | { wait: number; timeoutMs: number } | { close: true };

export type PeersAnswer =
  | { zebraPort: number; escposPort: number }
  | { lastLabelAtNs: string; labels: string[] }
  | { error: string }
  | { closed: true };

let zebra: ZebraPrinter | undefined;
let escpos: EscposPrinter | undefined;
let lastLabelAt = 0n;
const answer = (message: PeersAnswer) => process.send?.(message);

process.on('message', (request: PeersRequest) => {
  void (async () => {
    try {
      if ('start' in request) {
        zebra = await startZebraPrinter({ ...request.start, onLabel: (_format, atNs) => (lastLabelAt = atNs) });
        escpos = await startEscposPrinter();
        answer({ zebraPort: zebra.port, escposPort: escpos.port });
      } else if ('wait' in request) {
        await zebra?.waitForLabels(request.wait, request.timeoutMs);
        answer({ lastLabelAtNs: String(lastLabelAt), labels: zebra?.labels() ?? [] });
      } else {
        await zebra?.close();
        await escpos?.close();
        answer({ closed: true });
        process.exit(0);
      }
    } catch (error) {
      answer({ error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
