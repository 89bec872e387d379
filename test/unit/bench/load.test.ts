// The load bench's counted batches: the answer a batch leaves for the checks after it (keepLast, labelled).
import { describe, expect, it } from 'vitest';
import type { Counted, Job } from '../../bench/creatorsProcess';
import { batch } from '../../bench/load';

/** A service whose clients answer each batch with the next of `lasts` as its last answer. */
function serviceAnswering(lasts: string[]) {
  const kept: string[] = [];
  return {
    kept,
    service: {
      baseUrl: 'http://127.0.0.1:9/api',
      clients: {
        batch: async (job: Job): Promise<Counted> => ({
          count: job.count,
          seconds: 1,
          latencies: Array.from({ length: job.count }, () => 1),
          cpuMs: 0,
          last: lasts.shift() ?? '',
        }),
      },
      answered: (text: string) => void kept.push(text),
    },
  };
}

const create: Job = { count: 0, method: 'POST', path: '/Shipment', body: '{}', status: 200 };
const get: Job = { count: 0, method: 'GET', path: '/Shipment?id=1', status: 200 };

describe("a load batch's last answer", () => {
  it("is kept from a batch of creates, and a batch of GETs after it does not replace the create's", async () => {
    const created = '{"id":7,"label_zpl":["^XA^XZ"]}';
    const { service, kept } = serviceAnswering([created, '{"error":"not found"}', '{"id":7,"label_zpl":["^XA"]}']);
    await batch(service, 4, create, { probe: false });
    await batch(service, 4, { ...get, status: 404 }, { probe: false });
    await batch(service, 4, get, { probe: false });
    expect(kept).toEqual([created]);
  });
});
