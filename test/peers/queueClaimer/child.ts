// Another process on the service's SQLite file, run by ./index.ts: an engine of its own asking Order To Shipment for
// each order named, in order. It says "ready" once open, starts on a line on stdin (so two children start together)
// and writes one JSON line per answer: `{"ref", "kind", "shipmentId"}`.
import { createInterface } from 'node:readline';
import { createEngine } from '../../../src/engine/index';

const [file, key, platform, refs] = process.argv.slice(2);
if (!file || !key || !platform || !refs) {
  process.stderr.write('usage: child.ts FILE API_KEY PLATFORM REF,REF,...\n');
  process.exit(2);
}
const engine = createEngine({ file, config: { users: [{ api_key: key, client_ids: [1001] }] } });
const caller = engine.authenticate(key);
if (!caller) throw new Error('no caller for the key');
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
lines.once('line', () => {
  void (async () => {
    for (const ref of refs.split(',')) {
      const body = { client_id: 1001, order_ref: ref, packages: 1, weight: 1, platform, labelType: 'ZPL' };
      const outcome = await engine.queue.toShipment(caller, body);
      const shipmentId =
        outcome.kind === 'shipped' ? outcome.record.id : outcome.kind === 'taken' ? outcome.shipmentId : null;
      process.stdout.write(`${JSON.stringify({ ref, kind: outcome.kind, shipmentId })}\n`);
    }
    engine.close();
    lines.close();
    process.stdout.write('done\n');
  })();
});
