// The batch bench's station in a process of its own (batch.ts): it takes the printer's pace, makes and prints the
// batch as runBatch does, sends the outcome back and ends. The event loop and the heap measured are a station's, as in
// its host's process, not the bench's.
import { runBatch, type BatchRun, type PrinterPace } from './batch';

process.once('message', (pace: PrinterPace) => {
  runBatch(pace).then(
    (run: BatchRun) => process.send?.(run, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
  );
});
