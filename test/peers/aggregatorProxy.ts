// The real aggregator as its documentation describes it (../shared/spec/aggregator-facts.md), played by a proxy in
// front of our own service: it forwards each request and rewrites the answer with the documented quirks, each one
// switchable, and answers by itself, at chosen rates, the throttling 403 (no documented body) and a proxy's 502 page.
// Only loopback; every answer is buffered (records are small) and bounded.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { seededRandom } from '../helpers/random';

export type Quirk =
  /** Numeric fields of a record as numeric strings: "12345", "0", "2.50". */
  | 'numbersAsText'
  /** Postal codes and phones as JSON numbers (leading zeros lost), province kept as sent. */
  | 'textsAsNumbers'
  /** `daticolli` only in the lookup by reference (not in the create answer, not in GET by id). */
  | 'daticolliOnlyOnLookup'
  /** `rcpt_emails_extra` only in the create answer. */
  | 'emailsExtraOnlyOnCreate'
  /** Keys our contract does not name. */
  | 'unknownFields'
  /** ZPL with CR as the line separator. */
  | 'zplWithCr'
  /** JSON answers labelled `text/html`. */
  | 'jsonAsHtml'
  /** `num_spedizione` as "0" while unset, and the unset date-time spelled 0000-00-00 00:00:00. */
  | 'documentedEmpties'
  /**
   * The create answer says 0.5, "in process": taken but not labelled yet (no waybill, no labels); the shipment is
   * there in full when looked up later.
   */
  | 'processingOnCreate';

export const QUIRKS: readonly Quirk[] = [
  'numbersAsText',
  'textsAsNumbers',
  'daticolliOnlyOnLookup',
  'emailsExtraOnlyOnCreate',
  'unknownFields',
  'zplWithCr',
  'jsonAsHtml',
  'documentedEmpties',
  'processingOnCreate',
];

export interface AggregatorProxyOptions {
  /** Quirks on (default: all). */
  quirks?: readonly Quirk[];
  /** Share of requests answered 403 "403 - FORBIDDEN" by the proxy itself (the upstream never sees them). */
  throttleRate?: number;
  /** Share of requests answered 502 with an HTML page by the proxy itself. */
  badGatewayRate?: number;
  /** The first this-many lookups by reference of each shipment answer 0.5 as well (a shipment slow to label). */
  processingLookups?: number;
  seed?: number;
}

export interface AggregatorProxy {
  url: string;
  stats(): { seen: number; forwarded: number; throttled: number; badGateway: number };
  /** When (epoch ms) each lookup by reference of this shipment reached the proxy and was answered. */
  lookupTimes(ddtAlpha: string): number[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const NUMERIC_FIELDS = ['id', 'client_id', 'ddt_num', 'corriere', 'servizio', 'colli', 'peso', 'status', 'confermato'];
const NUMBER_TEXT_FIELDS = ['rcpt_cap', 'rcpt_phone', 'sender_cap', 'sender_phone'];

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'ddt_alpha' in value;
}

const PROCESSING = { status: '0.5', num_spedizione: '', barcode: '', label_zpl: [], label_pdf: [], label_jpg: [] };

function rewrite(record: Json, quirks: ReadonlySet<Quirk>, path: string, method: string, processing: boolean): Json {
  const out: Json = { ...record };
  const isLookup = /shipmentbyddtalpha/i.test(path);
  const isCreate = method === 'POST';
  if (quirks.has('numbersAsText'))
    for (const key of NUMERIC_FIELDS) if (typeof out[key] === 'number') out[key] = String(out[key]);
  if (quirks.has('numbersAsText') && typeof out.peso === 'string') out.peso = Number(out.peso).toFixed(2);
  if (quirks.has('textsAsNumbers'))
    for (const key of NUMBER_TEXT_FIELDS) {
      const value = out[key];
      if (typeof value === 'string' && /^\d{1,15}$/.test(value)) out[key] = Number(value);
    }
  if (quirks.has('daticolliOnlyOnLookup') && !isLookup) delete out.daticolli;
  if (quirks.has('emailsExtraOnlyOnCreate') && !isCreate) delete out.rcpt_emails_extra;
  if (quirks.has('unknownFields')) Object.assign(out, { cod_destinatario: 'D-1', num_serie: 7, tnt_options: { x: 1 } });
  if (quirks.has('zplWithCr') && Array.isArray(out.label_zpl))
    out.label_zpl = out.label_zpl.map((zpl) => (typeof zpl === 'string' ? zpl.replace(/\n/g, '\r') : zpl));
  if ((quirks.has('processingOnCreate') && isCreate) || processing) Object.assign(out, PROCESSING);
  if (quirks.has('documentedEmpties') && out.num_spedizione === '') out.num_spedizione = '0';
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large for the aggregator proxy'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startAggregatorProxy(
  upstream: string,
  options: AggregatorProxyOptions = {},
): Promise<AggregatorProxy> {
  const target = new URL(upstream);
  if (target.protocol !== 'http:' || !LOOPBACK.has(target.hostname))
    throw new Error(`aggregator proxy only forwards to a loopback http address, not ${upstream}`);
  const basePath = target.pathname.replace(/\/$/, '');
  const quirks = new Set(options.quirks ?? QUIRKS);
  const random = seededRandom(options.seed ?? 20261124);
  const counts = { seen: 0, forwarded: 0, throttled: 0, badGateway: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const sockets = new Set<Socket>();
  const lookups = new Map<string, number[]>();
  /** Records a lookup of this record and says whether it is still to be answered "in process". */
  const stillProcessing = (record: Json, path: string): boolean => {
    if (!/shipmentbyddtalpha/i.test(path)) return false;
    const ref = String(record.ddt_alpha);
    const times = [...(lookups.get(ref) ?? []), Date.now()];
    lookups.set(ref, times);
    return times.length <= (options.processingLookups ?? 0);
  };

  const send = (res: ServerResponse, status: number, type: string, text: string) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  const server = http.createServer((req, res) => {
    counts.seen += 1;
    const draw = random();
    const throttle = options.throttleRate ?? 0;
    if (draw < throttle) {
      counts.throttled += 1;
      req.resume();
      return send(res, 403, 'text/plain; charset=utf-8', '403 - FORBIDDEN');
    }
    if (draw < throttle + (options.badGatewayRate ?? 0)) {
      counts.badGateway += 1;
      req.resume();
      return send(res, 502, 'text/html', '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
    }
    void (async () => {
      const body = await readBody(req);
      const path = req.url ?? '/';
      const upstreamReq = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: basePath + path,
          agent,
          headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
          timeout: 30_000,
        },
        (upstreamRes) => {
          void readBody(upstreamRes).then(
            (answer) => {
              counts.forwarded += 1;
              const status = upstreamRes.statusCode ?? 502;
              let text = answer.toString('utf8');
              let parsed: unknown;
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = undefined;
              }
              if (isRecord(parsed))
                text = JSON.stringify(
                  rewrite(parsed, quirks, path, req.method ?? 'GET', stillProcessing(parsed, path)),
                );
              const type = quirks.has('jsonAsHtml') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
              send(
                res,
                status,
                parsed === undefined ? String(upstreamRes.headers['content-type'] ?? 'text/plain') : type,
                text,
              );
            },
            () => res.destroy(),
          );
        },
      );
      upstreamReq.on('timeout', () => upstreamReq.destroy(new Error('upstream timeout')));
      upstreamReq.on('error', () => {
        if (!res.headersSent) send(res, 502, 'text/html', '<html><body>upstream unreachable</body></html>');
      });
      upstreamReq.end(body);
    })().catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ ...counts }),
    lookupTimes: (ddtAlpha) => [...(lookups.get(ddtAlpha) ?? [])],
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
