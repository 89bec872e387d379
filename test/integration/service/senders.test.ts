// Sender profiles through the HTTP service, as a shop program meets them: a client configured with its sender
// (`users[].clients[]`) gets it on every shipment that leaves the sender out, in the record, on the label and on the
// manifest the driver signs; the embedded demo gives its clients the demo sender.
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SENDER } from '../../../src/shared/domain/senderProfile';
import { shipmentWithoutSender } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { pdfText } from '../../helpers/pdf';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { zplTexts } from '../../helpers/zpl';
import { startServiceInProcess } from '../../peers/service';

const KEY = 'mittenti-0123456789-abcdefgh';
const SENDER = {
  name: 'Ferramenta Rossi S.n.c.',
  addr: 'Via Cesare Battisti 12',
  cap: '06012',
  city: 'Città di Castello',
  prov: 'PG',
  phone: '075 8550000',
};

afterAll(removeTempDirs);

describe('sender profiles through the service', () => {
  it('fills a configured client’s sender into the record, the label and the manifest', async () => {
    const service = await startServiceInProcess({
      dataDir: tempDir(),
      config: {
        instance: 'mittenti',
        users: [{ api_key: KEY, client_ids: [4002], clients: [{ client_id: 4001, sender: SENDER }] }],
        throttle: false,
      },
    });
    try {
      const api = apiClient(service.baseUrl, KEY);
      const created = await api.request<{ id: number; sender_name: string; sender_city: string; label_zpl: string[] }>(
        'POST',
        '/Shipment',
        shipmentWithoutSender({ client_id: 4001, ddt_alpha: 'MITT-1' }),
      );
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ sender_name: SENDER.name, sender_city: SENDER.city });
      const label = zplTexts(created.body.label_zpl[0] ?? '').join('\n');
      expect(label).toContain(
        `Mittente\n${SENDER.name}\n${SENDER.addr}\n06012 Città di Castello PG\nIT Tel. 075 8550000`,
      );

      // A client in the short form has no profile: its shipment keeps an empty sender, as before.
      const plain = await api.request<{ sender_name: string }>(
        'POST',
        '/Shipment',
        shipmentWithoutSender({ client_id: 4002 }),
      );
      expect(plain.body.sender_name).toBe('');

      const confirmed = await api.request<{ manifest?: string }>('POST', '/shipmentConfirm', {
        id: [created.body.id],
        create_manifest: 'Y',
      });
      const manifest = await pdfText(Buffer.from(confirmed.body.manifest ?? '', 'base64'));
      expect(manifest).toContain(SENDER.name);
      expect(manifest).toContain(SENDER.addr);
    } finally {
      await service.stop();
    }
  });

  it('gives the embedded demo’s clients the demo sender', async () => {
    const service = await startServiceInProcess({ dataDir: tempDir() });
    try {
      const created = await apiClient(service.baseUrl, 'demo-api-key-0001').request<Record<string, unknown>>(
        'POST',
        '/Shipment',
        shipmentWithoutSender({ client_id: 1001 }),
      );
      expect(created.body).toMatchObject({
        sender_name: DEMO_SENDER.name,
        sender_addr: DEMO_SENDER.addr,
        sender_cap: DEMO_SENDER.cap,
        sender_city: DEMO_SENDER.city,
        sender_prov: DEMO_SENDER.prov,
      });
    } finally {
      await service.stop();
    }
  });
});
