// A real SMTP server for the mail tests (the `smtp-server` package), on loopback only: it takes messages as a mail
// server does, can answer 4xx a number of times first (greylisting, a full queue) or refuse every message with a 5xx,
// and keeps what arrived, read back with `mailparser` as a mail program would show it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeerOptions {
  /** The first this-many messages are answered 451 (try again later). */
  tempFailures?: number;
  /** Every message is refused with this 5xx answer. */
  refuseWith?: string;
  /** Each message (by arrival index, from 0) this picks is answered 451 too (a share of failures, for benchmarks). */
  tempFailWhen?: (index: number) => boolean;
  /** A login is required with these credentials. */
  auth?: { user: string; password: string };
  /**
   * TLS with the test certificate for localhost (test/fixtures/tls, signed by the test CA in ca.pem): offered through
   * STARTTLS, or from the first byte (the port-465 way). Without it the peer offers no STARTTLS at all.
   */
  tls?: 'starttls' | 'implicit';
}

const TLS_DIR = join(import.meta.dirname, '../fixtures/tls');
/** The test CA that signed the peer's certificate: a client trusts the peer only when told to trust this. */
export const TEST_CA_FILE = join(TLS_DIR, 'ca.pem');

export interface SmtpPeer {
  host: string;
  port: number;
  /** Every message the server accepted, parsed, in the order they arrived. */
  received(): ParsedMail[];
  /** For each message accepted, whether its session was encrypted (STARTTLS or TLS from the start). */
  secured(): boolean[];
  /** How many DATA commands were answered with an error (4xx or 5xx). */
  refusals(): number;
  waitFor(count: number, timeoutMs: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  let refused = 0;
  let tempLeft = options.tempFailures ?? 0;
  let arrivals = 0;
  const secured: boolean[] = [];
  const tls = options.tls
    ? { key: readFileSync(join(TLS_DIR, 'localhost-key.pem')), cert: readFileSync(join(TLS_DIR, 'localhost.pem')) }
    : {};
  const server = new SMTPServer({
    ...tls,
    secure: options.tls === 'implicit',
    disabledCommands: [...(options.tls ? [] : ['STARTTLS']), ...(options.auth ? [] : ['AUTH'])],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    size: 20 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.password)
        return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuseWith) {
          refused += 1;
          return callback(Object.assign(new Error(options.refuseWith), { responseCode: 550 }));
        }
        const index = arrivals++;
        if (tempLeft > 0 || options.tempFailWhen?.(index)) {
          tempLeft = Math.max(0, tempLeft - 1);
          refused += 1;
          return callback(Object.assign(new Error('4.3.0 Coda piena, riprovare più tardi'), { responseCode: 451 }));
        }
        void simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            secured.push(session.secure);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: '127.0.0.1',
    port,
    received: () => [...received],
    secured: () => [...secured],
    refusals: () => refused,
    async waitFor(count, timeoutMs) {
      const end = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > end)
          throw new Error(`SMTP peer: ${received.length} of ${count} messages after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return [...received];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
