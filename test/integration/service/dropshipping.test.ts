// Dropshipping through the service: the waybill goes to the sender by e-mail over real SMTP (our SMTP peer), once,
// with the label PDF a person can print and whose barcodes scan. Without a mail server the field is refused; a
// server that says "later" is tried again, one that refuses is reported with its words; a kill -9 before sending
// loses nothing and sends nothing twice. The service runs as `npm run serve` composes it, in this process, except where
// a process of its own is the point: the one killed with -9, and those that trust a CA through NODE_EXTRA_CA_CERTS.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { shipmentWithoutSender, validShipment } from '../../fixtures/shipments';
import { ZURICH_GOODS, ZURICH_PLACE } from '../../fixtures/customsLines';
import { apiClient } from '../../helpers/api';
import { decodeBarcodes } from '../../helpers/barcode';
import { pdfInfo, pdfText } from '../../helpers/pdf';
import { rasterizePdf } from '../../helpers/rasterize';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startService, startServiceInProcess, type RunningService } from '../../peers/service';
import { startSmtpPeer, TEST_CA_FILE, type SmtpPeer } from '../../peers/smtpPeer';

const KEY = 'dropship-0123456789-abcdefgh';
const FROM = 'Spedizioni Rossi <spedizioni@rossi.example>';
const running: Array<RunningService | SmtpPeer> = [];

afterEach(async () => {
  for (const peer of running.splice(0).reverse()) await ('stop' in peer ? peer.stop() : peer.close());
});
afterAll(removeTempDirs);

function config(smtp?: Record<string, unknown>): Record<string, unknown> {
  return {
    instance: 'drop',
    users: [{ api_key: KEY, client_ids: [1001] }],
    throttle: false,
    ...(smtp ? { smtp } : {}),
  };
}

/** In this process; as a process of its own when it needs an environment or is to be killed. */
async function service(
  dataDir: string,
  smtp?: Record<string, unknown>,
  asProcess?: { env?: Record<string, string> },
): Promise<RunningService> {
  const peer = asProcess
    ? await startService({ dataDir, config: config(smtp), ...asProcess })
    : await startServiceInProcess({ dataDir, config: config(smtp) });
  running.push(peer);
  return peer;
}

async function smtpPeer(options: Parameters<typeof startSmtpPeer>[0] = {}): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(options);
  running.push(peer);
  return peer;
}

const smtpTo = (peer: { port: number }, extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: peer.port,
  security: 'none',
  from: FROM,
  retry_first_seconds: 0.1,
  ...extra,
});

const dropship = (overrides: Record<string, unknown> = {}) =>
  validShipment({ dropshipping: 1, sender_email: 'magazzino@rossi.example', labelType: 'ZPL', ...overrides });

describe('dropshipping: the waybill to the sender by e-mail', () => {
  it('refuses the field with a clear 400 when no mail server is set up, and stores nothing', async () => {
    const svc = await service(tempDir());
    const api = apiClient(svc.baseUrl, KEY);
    const answer = await api.request<{ error: string }>('POST', '/Shipment', dropship({ ddt_alpha: 'NO-SMTP' }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('dropshipping: invio della lettera di vettura per e-mail non configurato');
    expect((await api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=NO-SMTP')).status).toBe(404);
    expect((await api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'NO-DROP' }))).status).toBe(200);
  });

  it('sends one e-mail with the references, the tracking link and the label PDF, a page per parcel', async () => {
    const mailbox = await smtpPeer();
    const svc = await service(tempDir(), smtpTo(mailbox));
    const api = apiClient(svc.baseUrl, KEY);
    const created = await api.request<{ id: number; num_spedizione: string; tracking_link: string; status: number }>(
      'POST',
      '/Shipment',
      dropship({ ddt_alpha: 'DROP-1', colli: 2, peso: 5 }),
    );
    expect(created.body.status).toBe(0);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.from?.text).toBe('"Spedizioni Rossi" <spedizioni@rossi.example>');
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('magazzino@rossi.example');
    expect(mail?.subject).toBe(`Lettera di vettura ${created.body.num_spedizione} – ordine DROP-1`);
    expect(mail?.messageId).toMatch(
      new RegExp(`^<lettera-di-vettura\\.${created.body.id}\\.[0-9a-f]{12}@rossi\\.example>$`),
    );
    for (const part of ['Riferimento ordine: DROP-1', created.body.tracking_link, 'Destinatario: ', 'Colli: 2'])
      expect(mail?.text).toContain(part);

    const attachment = mail?.attachments[0];
    expect(attachment).toMatchObject({
      contentType: 'application/pdf',
      filename: `lettera-di-vettura-${created.body.num_spedizione}.pdf`,
    });
    const pdf = new Uint8Array(attachment?.content ?? []);
    expect((await pdfInfo(pdf)).pages).toBe(2);
    expect(await pdfText(pdf)).toContain('Collo 2/2');
    const record = await api.request<{ daticolli: { barcode: string }[] }>('GET', `/Shipment?id=${created.body.id}`);
    const scanned = await decodeBarcodes(await rasterizePdf(pdf));
    expect(scanned).toContain(record.body.daticolli[0]?.barcode);

    // A shipment without dropshipping sends nothing.
    await api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'NO-MAIL', sender_email: 'x@rossi.example' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.received()).toHaveLength(1);
  });

  it('attaches the customs invoice beside the label for a parcel leaving the EU customs territory', async () => {
    const mailbox = await smtpPeer();
    const svc = await service(tempDir(), smtpTo(mailbox));
    const api = apiClient(svc.baseUrl, KEY);
    const created = await api.request<{ num_spedizione: string; status: number }>(
      'POST',
      '/Shipment',
      dropship({
        ddt_alpha: 'DROP-CH',
        corriere: 71,
        servizio: 2,
        ...ZURICH_PLACE,
        ...ZURICH_GOODS,
        invoice_number: 'F-77',
        invoice_date: '2026-11-20',
        sender_eori: 'IT01234567890',
      }),
    );
    expect(created.body.status).toBe(0);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([
      `lettera-di-vettura-${created.body.num_spedizione}.pdf`,
      'F-77.pdf',
    ]);
    expect(mail?.text).toContain('In allegato anche F-77.pdf');
    const invoice = (await pdfText(new Uint8Array(mail?.attachments[1]?.content ?? []))).replace(/[ \t]+/g, ' ');
    expect(invoice).toContain('Fattura commerciale / Commercial invoice');
    expect(invoice).toContain('N. / No. F-77');
    expect(invoice).toMatch(/Porcelain mug 691110 IT/);
  });

  it('takes the address from the client’s sender profile when the request has none', async () => {
    const mailbox = await smtpPeer();
    const peer = await startServiceInProcess({
      dataDir: tempDir(),
      config: {
        ...config(smtpTo(mailbox)),
        users: [
          {
            api_key: KEY,
            clients: [
              {
                client_id: 1001,
                sender: {
                  name: 'Rossi S.r.l.',
                  addr: 'Via Roma 1',
                  cap: '47121',
                  city: 'Forlì',
                  prov: 'FC',
                  email: 'profilo@rossi.example',
                },
              },
            ],
          },
        ],
      },
    });
    running.push(peer);
    const answer = await apiClient(peer.baseUrl, KEY).request('POST', '/Shipment', {
      ...shipmentWithoutSender({ ddt_alpha: 'DROP-PROFILO' }),
      dropshipping: 1,
    });
    expect(answer.status).toBe(200);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('profilo@rossi.example');
  });

  it('tries again after "451 try later" twice, then delivers once; a 5xx is told with the server’s words', async () => {
    const later = await smtpPeer({ tempFailures: 2 });
    const svc = await service(tempDir(), smtpTo(later));
    await apiClient(svc.baseUrl, KEY).request('POST', '/Shipment', dropship({ ddt_alpha: 'DROP-451' }));
    await later.waitFor(1, 15_000);
    expect(later.refusals()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(later.received()).toHaveLength(1);
    expect(svc.output()).toContain('nuovo tentativo più tardi: 451 4.3.0 Coda piena, riprovare più tardi');

    const refusing = await smtpPeer({ refuseWith: '5.7.1 Mittente non autorizzato' });
    const other = await service(tempDir(), smtpTo(refusing));
    await apiClient(other.baseUrl, KEY).request('POST', '/Shipment', dropship({ ddt_alpha: 'DROP-550' }));
    const end = Date.now() + 15_000;
    while (!other.output().includes('rifiutata dal server') && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.output()).toContain('rifiutata dal server: 550 5.7.1 Mittente non autorizzato');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(refusing.refusals()).toBe(1);
  });

  it('sends over STARTTLS or TLS to a server whose certificate it trusts, never in clear if TLS is asked', async () => {
    // The service trusts the test CA the way an operator adds a company CA: Node's NODE_EXTRA_CA_CERTS.
    const trustTestCa = { NODE_EXTRA_CA_CERTS: TEST_CA_FILE };
    const upgrading = await smtpPeer({ tls: 'starttls', auth: { user: 'banco', password: 'segreta-123' } });
    const svc = await service(
      tempDir(),
      smtpTo(upgrading, { host: 'localhost', security: 'starttls', user: 'banco', password: 'segreta-123' }),
      { env: trustTestCa },
    );
    await apiClient(svc.baseUrl, KEY).request('POST', '/Shipment', dropship({ ddt_alpha: 'DROP-STARTTLS' }));
    const [mail] = await upgrading.waitFor(1, 15_000);
    expect(mail?.subject).toContain('DROP-STARTTLS');
    expect(upgrading.secured()).toEqual([true]);

    const implicit = await smtpPeer({ tls: 'implicit' });
    const tls = await service(tempDir(), smtpTo(implicit, { host: 'localhost', security: 'tls' }), {
      env: trustTestCa,
    });
    await apiClient(tls.baseUrl, KEY).request('POST', '/Shipment', dropship({ ddt_alpha: 'DROP-TLS' }));
    await implicit.waitFor(1, 15_000);
    expect(implicit.secured()).toEqual([true]);

    // A server that offers no STARTTLS gets nothing when STARTTLS is required: the e-mail is not sent, saying why.
    const plain = await smtpPeer();
    const strict = await service(tempDir(), smtpTo(plain, { host: 'localhost', security: 'starttls' }), {
      env: trustTestCa,
    });
    await apiClient(strict.baseUrl, KEY).request('POST', '/Shipment', dropship({ ddt_alpha: 'DROP-NO-TLS' }));
    const end = Date.now() + 15_000;
    while (!strict.output().includes('rifiutata dal server') && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(strict.output()).toMatch(/mail <[^>]+>: rifiutata dal server: il server non accetta STARTTLS/);
    expect(plain.received()).toEqual([]);

    // Without the CA the certificate is not trusted: nothing is sent (this process trusts no extra CA either).
    const untrusting = await service(tempDir(), smtpTo(upgrading, { host: 'localhost', security: 'starttls' }));
    await apiClient(untrusting.baseUrl, KEY).request('POST', '/Shipment', dropship({ ddt_alpha: 'DROP-UNTRUSTED' }));
    const until = Date.now() + 15_000;
    while (!untrusting.output().includes('nuovo tentativo più tardi') && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(untrusting.output()).toMatch(/nuovo tentativo più tardi: .*certificate/i);
    expect(upgrading.received()).toHaveLength(1);
  });

  it('loses nothing to a kill -9 before the e-mail could go, and sends it once after the restart', async () => {
    const dataDir = tempDir();
    const mailbox = await smtpPeer();
    // First the mail server is unreachable (a closed port): the e-mail waits in the queue.
    const first = await startService({ dataDir, config: config(smtpTo({ port: 9 }, { retry_first_seconds: 0.2 })) });
    running.push(first);
    const created = await apiClient(first.baseUrl, KEY).request<{ status: number }>(
      'POST',
      '/Shipment',
      dropship({ ddt_alpha: 'DROP-KILL' }),
    );
    expect(created.body.status).toBe(0);
    const end = Date.now() + 15_000;
    while (!first.output().includes('nuovo tentativo più tardi') && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await first.stop('SIGKILL');
    running.splice(running.indexOf(first), 1);

    const again = await service(dataDir, smtpTo(mailbox));
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toContain('ordine DROP-KILL');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mailbox.received()).toHaveLength(1);
    expect(again.output()).toContain('inviata a magazzino@rossi.example');
  });
});
