// What a 403 means to a connected station (aggregator-facts.md): only the invalid-key text pauses sync for a key fix;
// the real aggregator's throttling answers 403 with any other body (plain text, HTML, JSON with another text, empty),
// and the station backs off, keeps the outbox in order and carries on by itself. Checked on the remote: every
// shipment once.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { SyncStatus } from '../../../src/sync/worker';
import { connectedOptions, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { validShipment } from '../../fixtures/shipments';

const peers = useRemote();
let station: Station | undefined;

afterEach(async () => {
  peers.proxy.setPlan({ script: [] });
  await station?.close();
  station = undefined;
});

const THROTTLE_BODIES = [
  { body: '403 - FORBIDDEN', contentType: 'text/plain' },
  { body: '<!doctype html><html><body><h1>403 Forbidden</h1></body></html>', contentType: 'text/html' },
  { body: '{"status":false,"error":"403 - FORBIDDEN"}', contentType: 'application/json' },
  { body: '', contentType: 'text/plain' },
];

async function connectedStation(statuses: SyncStatus[]): Promise<Station> {
  return createStation(
    connectedOptions(peers.proxy.url, {
      sync: { rateLimitedDelayMs: 60, onStatus: (status) => statuses.push(status) },
    }),
  );
}

describe('a 403 from the remote', () => {
  it('takes any 403 but the invalid-key text as the rate limit: backs off, never pauses, sends each once', async () => {
    // Every create's first tries are throttled, with each undocumented body in turn.
    peers.proxy.setPlan({
      script: THROTTLE_BODIES.flatMap((b) => [{ kind: 'throttle' as const, ...b }]),
      match: { method: 'POST', pathIncludes: '/Shipment' },
    });
    const statuses: SyncStatus[] = [];
    station = await connectedStation(statuses);
    const s = station;
    const refs: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const outcome = await s.engine.createShipment(s.caller, validShipment({ labelType: 'ZPL' }));
      if (outcome.kind !== 'created') throw new Error(outcome.error);
      refs.push(outcome.record.ddt_alpha);
    }
    await s.sync?.drained(20_000);

    expect(peers.proxy.stats().faults.throttle).toBe(THROTTLE_BODIES.length);
    expect(statuses.some((st) => st.paused)).toBe(false);
    // The bench was told: the limit, with a time for the next try, and then back to normal.
    const limited = statuses.filter((st) => st.rateLimitedUntil > 0);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((st) => st.online && !st.keyMaybeRevoked)).toBe(true);
    expect(s.sync?.status()).toMatchObject({ paused: false, rateLimitedUntil: 0, pending: 0, parked: 0 });
    for (const ref of refs) expect(await remoteCopies(peers.direct, ref), ref).toBe('one');
  });

  it('doubles the wait per 403 in a row, and says the key may be revoked after long without success', async () => {
    peers.proxy.setPlan({ script: Array.from({ length: 5 }, () => ({ kind: 'throttle' as const })) });
    const statuses: SyncStatus[] = [];
    // Each time of the next try as the worker set it, and the time left at that moment: a 403's status is told at
    // once, so that is the wait less the moment of telling (never more than the wait).
    const untils: number[] = [];
    const leftAtTelling: number[] = [];
    station = await createStation(
      connectedOptions(peers.proxy.url, {
        sync: {
          retry: undefined,
          rateLimitedDelayMs: 40,
          revokedAfterMs: 500,
          onStatus: (status) => {
            statuses.push(status);
            if (status.rateLimitedUntil <= (untils.at(-1) ?? 0)) return;
            untils.push(status.rateLimitedUntil);
            leftAtTelling.push(status.rateLimitedUntil - Date.now());
          },
        },
      }),
    );
    const s = station;
    const outcome = await s.engine.createShipment(s.caller, validShipment({ labelType: 'ZPL' }));
    if (outcome.kind !== 'created') throw new Error(outcome.error);
    const started = Date.now();
    await s.sync?.drained(20_000);
    // 40 + 80 + 160 + 320 + 640 ms of waiting at least, before the sixth try got through.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    // 40, 80, 160, 320, 640 ms, each twice the one before: never more (the time left when told), and at least that
    // (a try comes only once the last wait is over, so the next wait starts after the last one's end).
    expect(untils.length).toBe(5);
    untils.forEach((until, i) => {
      const doubled = 40 * 2 ** i;
      expect(leftAtTelling[i], `wait ${i}`).toBeLessThanOrEqual(doubled);
      if (i > 0) expect(until - (untils[i - 1] ?? 0), `wait ${i}`).toBeGreaterThanOrEqual(doubled);
    });
    expect(statuses.some((st) => st.paused)).toBe(false);
    // Throttled for longer than revokedAfterMs without one success: said, without pausing; gone after the success.
    expect(statuses.some((st) => st.keyMaybeRevoked && !st.paused)).toBe(true);
    expect(s.sync?.status().keyMaybeRevoked).toBe(false);
    expect(await remoteCopies(peers.direct, outcome.record.ddt_alpha)).toBe('one');
  });

  it('pauses for a key fix only on the invalid-key text, as documented and with any case and spacing', async () => {
    peers.proxy.setPlan({
      script: [
        { kind: 'throttle', body: '{"status":false,"error":"  invalid API KEY "}', contentType: 'application/json' },
      ],
    });
    const statuses: SyncStatus[] = [];
    station = await connectedStation(statuses);
    const s = station;
    const outcome = await s.engine.createShipment(s.caller, validShipment({ labelType: 'ZPL' }));
    if (outcome.kind !== 'created') throw new Error(outcome.error);
    const deadline = Date.now() + 5000;
    while (!s.sync?.status().paused && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(s.sync?.status()).toMatchObject({ paused: true, pending: 1 });
    expect(await remoteCopies(peers.direct, outcome.record.ddt_alpha)).toBe('none');
    s.sync?.resume();
    await s.sync?.drained(10_000);
    expect(await remoteCopies(peers.direct, outcome.record.ddt_alpha)).toBe('one');
  });
});
