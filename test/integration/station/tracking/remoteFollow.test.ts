// A connected bench's follower asks the remote: a parcel departed there answers its state; one the remote no longer
// has waits a day before it is asked again, and one not yet on the remote is not asked at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../../src/sync/remoteClient';
import type { RemoteClient } from '../../../../src/sync/types';
import { remoteAnswer } from '../../../../src/station/tracking/follower';
import { DEMO_KEY, validShipment } from '../../../fixtures/shipments';
import { startServiceInProcess, type InProcessService } from '../../../peers/service';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let service: InProcessService;
let client: RemoteClient;

beforeAll(async () => {
  service = await startServiceInProcess({ dataDir: tempDir() });
  client = createRemoteClient({ baseUrl: service.baseUrl, apiKey: DEMO_KEY, timeoutMs: 2_000 });
});
afterAll(async () => {
  await client?.close();
  await service?.stop();
  removeTempDirs();
});

describe("a connected bench's follower", () => {
  it('reads the state of a parcel departed at the remote; one the remote no longer has waits a day', async () => {
    const created = await client.createShipment(validShipment({ labelType: 'ZPL' }));
    if (created.kind !== 'ok') throw new Error(JSON.stringify(created));
    expect((await client.confirmByIds([created.body.id], false)).kind).toBe('ok');
    const ask = remoteAnswer(client);
    const waybill = String(created.body.num_spedizione);

    expect(await ask({ remoteId: created.body.id, waybill })).toEqual({
      ok: true,
      state: { code: 1, words: 'CONFERMATA, IN ATTESA DI RITIRO', kind: 'waiting' },
    });
    expect(await ask({ remoteId: 999_999, waybill: 'X' })).toMatchObject({
      ok: false,
      retryAfterMs: 24 * 3_600_000,
    });
    expect(await ask({ remoteId: null, waybill: '' })).toMatchObject({ ok: false });
  });
});
