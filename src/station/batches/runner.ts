// The bench's batches at work: one loop makes the shipments of the batch being made, one order at a time in pick
// order, each through the form's own save (an order the courier refuses stays waiting with the reason, and the next
// one goes on), then queues its print jobs and follows them to the end. Everything it does is in the database as it
// goes, so a station stopped halfway resumes the batch at its next start; the loop yields after each order, so the
// station answers every other command throughout.
import type { Caller, Engine } from '../../engine/index';
import type { BatchView, PickOrder } from '../../shared/domain/batches';
import type { StationEvent } from '../../shared/ipc/events';
import { fail, ok, type Result } from '../../shared/ipc/result';
import type { Clock } from '../../shared/clock';
import type { Log } from '../../shared/log';
import { startLoop } from '../../shared/workLoop';
import type { StationPrinting } from '../printing/autoPrint';
import { shipFromRequest, type ShipOrderHost } from '../orders/shipOrder';
import { SETTING_KEYS } from '../settings/keys';
import { checksItems, ITEMS_AT_SCAN } from '../settings/itemCheckClients';
import { queueBatchJobs } from './printJobs';
import { batchRequest, heldReason } from './request';
import { errorMessage } from '../../shared/errorMessage';

export interface BatchHost {
  engine: Engine;
  caller: Caller;
  printing(): StationPrinting | undefined;
  emit(event: StationEvent): void;
  log: Log;
  clock?: Clock | undefined;
  /** On a shared order queue, a batch's orders are claimed at the hub like a scan's (orders/shipOrder.ts). */
  sharedQueue?: ShipOrderHost['sharedQueue'];
}

export interface StationBatches {
  create(orderIds: readonly number[], pickOrder: PickOrder): Result<BatchView>;
  pause(id: number): Result<BatchView>;
  resume(id: number): Result<BatchView>;
  stop(): Promise<void>;
}

/** While a batch's labels are still to come from the remote, or its jobs print, it is looked at this often. */
const FOLLOW_MS = 500;
const NOT_FOUND = 'Lotto non trovato';

export function startBatches(host: BatchHost): StationBatches {
  const { engine, caller } = host;
  const changed = (id: number) => host.emit({ name: 'batches.changed', payload: { id } });
  const ordersChanged = () => host.emit({ name: 'orders.changed', payload: {} });

  /** Makes one order's shipment, as the form's save would; a refusal is kept with the order's reason. */
  async function makeOne(batchId: number, order: NonNullable<ReturnType<Engine['batches']['nextQueued']>>) {
    // Made by a run stopped before it could note it (the shipment and its order's link are one transaction): noted now,
    // never made twice.
    if (order.state === 'shipped' && order.shipmentId !== undefined) {
      const estimatedKg = engine.getShipment(caller, order.shipmentId)?.peso;
      engine.batches.settle(caller, batchId, order.id, {
        state: 'made',
        shipmentId: order.shipmentId,
        ...(estimatedKg ? { estimatedKg } : {}),
      });
      return;
    }
    // The shipping rules as the scan applies them: a rule holding the order for a person leaves it waiting.
    const rule = engine.rules.forOrder(caller, order).rule;
    if (rule?.then.hold) {
      engine.batches.settle(caller, batchId, order.id, { state: 'refused', reason: heldReason(rule.index + 1) });
      return;
    }
    // A client whose items are checked by scan: its label prints at the bench once the box is checked, never here.
    if (checksItems(engine.settings, order.clientId)) {
      engine.batches.settle(caller, batchId, order.id, { state: 'refused', reason: ITEMS_AT_SCAN });
      return;
    }
    // Packed in the rule's box, else the smallest that holds its items (the box presets' own choice): its tare counts.
    const ruleBox = rule?.then.box === undefined ? undefined : engine.boxes.byName(caller, rule.then.box);
    const box = ruleBox ?? engine.boxes.forItems(caller, order.lines).box;
    const kg = engine.batches.estimateKg(caller, order, box?.tare ?? 0);
    const printer = host.printing()?.printers.find((p) => p.id === host.printing()?.labelPrinterId);
    const built = batchRequest(order, kg, {
      goodsDefault: engine.settings.get(SETTING_KEYS.goodsDefault) ?? '',
      labelType: printer && printer.language !== 'ESCPOS' ? printer.language : undefined,
      ruled: rule && { courier: rule.then.courier, codType: rule.then.codType, insured: rule.insured },
    });
    if (!built.ok) {
      engine.batches.settle(caller, batchId, order.id, { state: 'refused', reason: built.reason });
      return;
    }
    const made = await shipFromRequest(
      { engine, caller, ordersChanged, sharedQueue: host.sharedQueue },
      built.request,
      { orderId: order.id },
    );
    if (made.ok)
      engine.batches.settle(caller, batchId, order.id, { state: 'made', shipmentId: made.value.id, estimatedKg: kg });
    else engine.batches.settle(caller, batchId, order.id, { state: 'refused', reason: made.error.message });
  }

  /** A batch weighed at the scan: each order shipped there is noted as made; all of them, the batch is done. */
  function followAtScan(id: number) {
    const batch = engine.batches.get(caller, id);
    if (!batch) return;
    let moved = false;
    for (const queued of batch.orders.filter((o) => o.state === 'queued')) {
      const order = engine.orders.get(caller, queued.orderId);
      if (order?.state !== 'shipped' || order.shipmentId === undefined) continue;
      moved = engine.batches.settle(caller, id, order.id, { state: 'made', shipmentId: order.shipmentId }) || moved;
    }
    const left = engine.batches.get(caller, id)?.orders.some((o) => o.state === 'queued');
    if (!left) engine.batches.setState(caller, id, ['at_scan'], 'done');
    if (moved || !left) changed(id);
  }

  /** One step of the oldest batch at work; how long to sleep (undefined: until a kick). */
  async function pass(): Promise<number | undefined> {
    const making = engine.batches.inState(caller, 'making')[0];
    if (making !== undefined) {
      const order = engine.batches.nextQueued(caller, making);
      if (order) {
        await makeOne(making, order);
        // The loop goes on at once after a pass that asks for it, within the same turn of the event loop: each order
        // gives way here, so a command arriving from the screens (a socket, a timer) is answered between two orders.
        await new Promise<void>((done) => setImmediate(done));
      } else {
        const batch = engine.batches.get(caller, making);
        if (!batch || (await queueBatchJobs(engine, caller, host.printing(), batch)) === 'labels_not_ready')
          return FOLLOW_MS;
        engine.batches.setState(caller, making, ['making'], 'printing');
      }
      changed(making);
      return 0;
    }
    const atScan = engine.batches.inState(caller, 'at_scan');
    for (const id of atScan) followAtScan(id);
    const printing = engine.batches.inState(caller, 'printing');
    for (const id of printing) {
      const jobs = engine.batches.get(caller, id)?.jobs ?? [];
      if (jobs.every((job) => job.state === 'printed' || job.state === 'cancelled')) {
        engine.batches.setState(caller, id, ['printing'], 'done');
        changed(id);
      }
    }
    return printing.length + atScan.length > 0 ? FOLLOW_MS : undefined;
  }

  const loop = startLoop({
    ...(host.clock ? { clock: host.clock } : {}),
    pass,
    onError(error, failures) {
      host.log.warn(`lotti: ${errorMessage(error)}`);
      return Math.min(5_000, 250 * 2 ** Math.min(failures - 1, 5));
    },
  });
  const answer = (id: number): Result<BatchView> => {
    const batch = engine.batches.get(caller, id);
    return batch ? ok(batch) : fail('not_found', NOT_FOUND);
  };
  const move = (id: number, from: 'making' | 'paused', to: 'making' | 'paused'): Result<BatchView> => {
    if (!engine.batches.get(caller, id)) return fail('not_found', NOT_FOUND);
    if (!engine.batches.setState(caller, id, [from], to))
      return fail('refused', to === 'paused' ? 'Lotto non in lavorazione' : 'Lotto non in pausa');
    changed(id);
    loop.kick();
    return answer(id);
  };

  return {
    create(orderIds, pickOrder) {
      const atScan = engine.settings.get(SETTING_KEYS.weighBatchParcels) === '1';
      const created = engine.batches.create(caller, orderIds, { pickOrder, atScan });
      if (!created.ok) return fail('refused', created.error);
      changed(created.value.id);
      loop.kick();
      return ok(created.value);
    },
    pause: (id) => move(id, 'making', 'paused'),
    resume: (id) => move(id, 'paused', 'making'),
    stop: () => loop.stop(),
  };
}
