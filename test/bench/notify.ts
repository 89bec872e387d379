// `npm run bench:notify`: the dropshipping e-mails and partner events of 200 shipments through `npm run serve`, with a
// share of failures (the SMTP peer answers 451, the receiver 503, each to about 10 % of what arrives, seeded), next to
// the same run with no failures as the baseline: everything must arrive (each e-mail once, each event verified), and
// the figure is the time from the first create to the last delivery.
import { startService, type ServicePeer } from '../peers/service';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtpPeer';
import { startPartnerReceiver, type PartnerReceiver } from '../peers/partnerReceiver';
import { apiClient } from '../helpers/api';
import { seededRandom } from '../helpers/random';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { validShipment } from '../fixtures/shipments';

const KEY = 'bench-notify-0123456789-abcd';
const SECRET = 'whsec-bench-0123456789';
const COUNT = Number(process.env.NOTIFY_COUNT ?? 200);

interface Run {
  failShare: number;
  createMs: number;
  drainMs: number;
  mailsMs: number;
  eventsMs: number;
  mails: number;
  mailRefusals: number;
  events: number;
  eventAttempts: number;
  unverified: number;
  duplicateMails: number;
}

async function run(failShare: number): Promise<Run> {
  const random = seededRandom(20261125);
  const smtp: SmtpPeer = await startSmtpPeer({ tempFailWhen: () => random() < failShare });
  const shop: PartnerReceiver = await startPartnerReceiver({ secret: SECRET });
  shop.failWhen(() => random() < failShare, 503);
  let svc: ServicePeer | undefined;
  try {
    svc = await startService({
      dataDir: tempDir('bench-notify-'),
      config: {
        instance: 'notify',
        throttle: false,
        users: [{ api_key: KEY, clients: [{ client_id: 1001, partner: { url: shop.url, secret: SECRET } }] }],
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          security: 'none',
          from: 'Banco <banco@bench.example>',
          retry_first_seconds: 0.2,
          retry_max_seconds: 2,
        },
        partner_events: { retry_first_seconds: 0.2, retry_max_seconds: 2 },
      },
    });
    const api = apiClient(svc.baseUrl, KEY);
    const started = Date.now();
    for (let i = 0; i < COUNT; i++) {
      const answer = await api.request(
        'POST',
        '/Shipment',
        validShipment({
          ddt_alpha: `NOTIFY-${i}`,
          dropshipping: 1,
          sender_email: 'magazzino@bench.example',
          id_order_partnerproximity: `ORD-${i}`,
          labelType: 'ZPL',
        }),
      );
      if (answer.status !== 200) throw new Error(`create ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const createMs = Date.now() - started;
    const end = Date.now() + 300_000;
    const uniqueEvents = () => new Set(shop.accepted().map((d) => d.eventId)).size;
    let mailsMs = 0;
    let eventsMs = 0;
    while ((smtp.received().length < COUNT || uniqueEvents() < COUNT) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!mailsMs && smtp.received().length >= COUNT) mailsMs = Date.now() - started;
      if (!eventsMs && uniqueEvents() >= COUNT) eventsMs = Date.now() - started;
    }
    const drainMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = smtp.received().map((m) => m.messageId);
    return {
      failShare,
      createMs,
      drainMs,
      mailsMs,
      eventsMs,
      mails: new Set(ids).size,
      mailRefusals: smtp.refusals(),
      events: uniqueEvents(),
      eventAttempts: shop.deliveries().length,
      unverified: shop.deliveries().filter((d) => !d.verified).length,
      duplicateMails: ids.length - new Set(ids).size,
    };
  } finally {
    await svc?.stop();
    await shop.close();
    await smtp.close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (r: Run) =>
  `${Math.round(r.failShare * 100)} % failures: ${COUNT} created in ${s(r.createMs)}; ` +
  `all delivered ${s(r.drainMs)} after the first create (events ${s(r.eventsMs)}, e-mails ${s(r.mailsMs)}); ` +
  `e-mails ${r.mails}/${COUNT} ` +
  `(${r.mailRefusals} answered 451, ${r.duplicateMails} repeated), events ${r.events}/${COUNT} ` +
  `(${r.eventAttempts} attempts, ${r.eventAttempts - r.events} refused, ${r.unverified} unverified)`;

try {
  console.log(`node ${process.version}, ${new Date().toISOString()}, ${COUNT} shipments with dropshipping and order`);
  const baseline = await run(0);
  console.log(`  baseline, ${line(baseline)}`);
  const faulty = await run(0.1);
  console.log(`  ${line(faulty)}`);
  console.log(`  ratio ${(faulty.drainMs / baseline.drainMs).toFixed(2)}x the baseline's time to drain`);
  const complete = [baseline, faulty].every(
    (r) => r.mails === COUNT && r.events === COUNT && r.unverified === 0 && r.duplicateMails === 0,
  );
  if (!complete) {
    console.error('not everything was delivered exactly once');
    process.exitCode = 1;
  }
} finally {
  removeTempDirs();
}
