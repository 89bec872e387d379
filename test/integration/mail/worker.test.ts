// The mail worker on an injected clock: an e-mail the server put off (451) goes again when the backoff has passed on
// the worker's clock, not before and not because real time went by. A real engine over a SQLite file, a real SMTP peer.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../src/engine/index';
import { smtpSender } from '../../../src/mail/transport';
import { startMailWorker, type MailWorker } from '../../../src/mail/worker';
import { SmtpConfigSchema } from '../../../src/shared/domain/smtp';
import { validShipment } from '../../fixtures/shipments';
import { manualClock } from '../../helpers/manualClock';
import { recordingLog } from '../../helpers/recordingLog';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { pause, until } from '../../helpers/until';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtpPeer';

const KEY = 'mail-clock-key-0001';

let engine: Engine | undefined;
let worker: MailWorker | undefined;
let mailbox: SmtpPeer | undefined;

afterEach(async () => {
  await worker?.stop();
  await mailbox?.close();
  engine?.close();
  engine = worker = mailbox = undefined;
  removeTempDirs();
});

describe('the mail worker’s clock', () => {
  it('sends an e-mail the server put off again once the backoff has passed on its clock, then says so', async () => {
    mailbox = await startSmtpPeer({ tempFailures: 1 });
    const smtp = SmtpConfigSchema.parse({
      host: mailbox.host,
      port: mailbox.port,
      security: 'none',
      from: 'banco@rossi.example',
    });
    engine = createEngine({
      file: join(tempDir(), 'mail.sqlite'),
      config: { users: [{ api_key: KEY, client_ids: [1001] }] },
      mailFrom: smtp.from,
    });
    const port = engine.mail;
    if (!port) throw new Error('an engine with a sender address has a mail queue');
    // A minute ahead of the engine's clock: what the engine queues is due at once on the worker's.
    const clock = manualClock(Date.now() + 60_000);
    const log = recordingLog();
    const settled: number[] = [];
    const started = startMailWorker({
      port,
      sender: smtpSender(smtp),
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      clock,
      log,
      onSettled: (shipmentId) => settled.push(shipmentId),
    });
    worker = started;
    port.onQueued(() => started.kick());

    const caller = engine.authenticate(KEY) as Caller;
    const created = await engine.createShipment(
      caller,
      validShipment({
        ddt_alpha: 'OROLOGIO-1',
        dropshipping: 1,
        sender_email: 'magazzino@rossi.example',
        labelType: 'ZPL',
      }),
    );
    expect(created.kind).toBe('created');
    await until(() => mailbox?.refusals() === 1, 10_000);

    await pause(300);
    await clock.advance(999);
    await pause(100);
    expect(mailbox.received()).toHaveLength(0);
    // Put off is not settled: the bench is told of the shipment only once its e-mail went.
    expect(settled).toEqual([]);
    await clock.advance(1);
    const [mail] = await mailbox.waitFor(1, 10_000);
    expect(mail?.subject).toContain('OROLOGIO-1');
    expect(mailbox.refusals()).toBe(1);
    // Each attempt is a line of the delivery log given, the address written, never the server's credentials.
    await until(() => log.lines.length === 2, 10_000);
    expect(log.of('warn')).toEqual([]);
    expect(log.of('info')[0]).toMatch(/^mail \S+: nuovo tentativo più tardi: /);
    expect(log.of('info')[1]).toMatch(/^mail \S+: inviata a magazzino@rossi\.example$/);
    expect(settled).toEqual([created.kind === 'created' ? created.record.id : -1]);
  });
});
