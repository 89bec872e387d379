// A PrestaShop shop's Webservice on 127.0.0.1, for the station's shop tests, built from PrestaShop's documented
// resources (prestashopStore.ts): the key as HTTP Basic user, with the methods it was given on each resource; JSON
// answers only (output_format=JSON; the bench asks no XML), XML bodies for PUT and POST as documented. It fails on
// demand: a host's 503 page, and answers lost after their change was made (what exactly-once must survive).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESOURCES, PsRefusal, PsStore, SINGULAR, type PsResource, type PsRow } from './prestashopStore';
import { undocumented } from './prestashopFields';

export { psTime } from './prestashopStore';
export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface PrestaShopPeerOptions {
  /** The Webservice key: 32 characters, as PrestaShop generates them. */
  key?: string;
  /** The key's methods on each resource (Advanced Parameters → Webservice): all the bench needs by default. */
  permissions?: Partial<Record<PsResource, Method[]>>;
  /** Milliseconds since the epoch: stamps date_upd, so a test moves the shop's time. */
  clock?: () => number;
}

export type PrestaShopPeer = Awaited<ReturnType<typeof startPrestaShopPeer>>;

const NEEDED: Record<PsResource, Method[]> = {
  orders: ['GET'],
  addresses: ['GET'],
  customers: ['GET'],
  countries: ['GET'],
  states: ['GET'],
  carriers: ['GET'],
  order_states: ['GET'],
  order_carriers: ['GET', 'PUT'],
  order_histories: ['GET', 'POST'],
};

/** A body's fields: `<prestashop><name><field>value</field>…</name></prestashop>`, CDATA or plain text. */
export function xmlFields(xml: string, name: string): Record<string, string> | undefined {
  const inner = new RegExp(`<${name}>([\\s\\S]*)</${name}>`).exec(xml)?.[1];
  if (inner === undefined) return undefined;
  const fields: Record<string, string> = {};
  for (const [, field, value] of inner.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) {
    fields[field!] = value!.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').trim();
  }
  return fields;
}

export async function startPrestaShopPeer(options: PrestaShopPeerOptions = {}) {
  const key = options.key ?? 'Q8ZJ4W6N2PRVX7KD3MTA9CF5HYBL1GES';
  const permissions = { ...NEEDED, ...options.permissions };
  const store = new PsStore(options.clock ?? Date.now);
  const counts: Record<string, number> = {};
  let failing = 0;
  const drops: { route: string; left: number }[] = [];
  const holds = new Map<string, number>();

  const refuse = (status: number, code: number, message: string) => ({ status, body: { errors: [{ code, message }] } });

  function route(method: Method, resource: PsResource, id: string | undefined, query: URLSearchParams, body: string) {
    // Every field a request names, in a filter, a display list or a sort, must be one the resource documents.
    const named = [...query].flatMap(([name, value]) => {
      const filter = /^filter\[(\w+)\]$/.exec(name)?.[1];
      if (filter) return [filter];
      if (name === 'display' && value !== 'full') return (/^\[(.*)\]$/.exec(value)?.[1] ?? value).split(',');
      if (name === 'sort') return [/^\[(\w+?)_(ASC|DESC)\]$/.exec(value)?.[1] ?? value];
      return [];
    });
    const unknownField = undocumented(resource, named);
    if (unknownField) return refuse(400, 29, `Unable to filter, display or sort by "${unknownField}": no such field`);
    if (method === 'GET' && id === undefined) {
      const rows = store.list(resource, query);
      return { status: 200, body: rows.length === 0 ? [] : { [resource]: rows } };
    }
    if (method === 'GET') {
      const row = store.find(resource, id!);
      return row ? { status: 200, body: { [SINGULAR[resource]]: row } } : refuse(404, 87, `Id(s) not exists: ${id}`);
    }
    const fields = xmlFields(body, SINGULAR[resource]);
    if (!fields) return refuse(400, 127, 'XML error: the body is not a PrestaShop XML of this resource');
    const unknownBody = undocumented(resource, Object.keys(fields));
    if (unknownBody) return refuse(400, 93, `Field "${unknownBody}" is not a field of ${SINGULAR[resource]}`);
    if (method === 'PUT' && resource === 'order_carriers' && id)
      return { status: 200, body: { order_carrier: store.putCarrier(id, fields) } };
    if (method === 'POST' && resource === 'order_histories' && id === undefined)
      return { status: 201, body: { order_history: store.addHistory(fields, query.get('sendemail') === '1') } };
    return refuse(405, 97, `Method ${method} is not allowed here`);
  }

  function answer(request: IncomingMessage, body: string): { status: number; body: unknown; route: string } {
    const url = new URL(request.url ?? '/', 'http://peer');
    const method = (request.method ?? 'GET') as Method;
    const [, api, resource, id] = url.pathname.split('/');
    const name = `${method} ${resource ?? ''}`;
    const out = (r: { status: number; body: unknown }) => ({ ...r, route: name });
    const [user] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (api !== 'api') return out(refuse(404, 0, 'Not found'));
    if (!user) return out(refuse(401, 17, 'Authentication key is empty'));
    if (user !== key) return out(refuse(401, 18, 'Invalid authentication key'));
    if (url.searchParams.get('output_format') !== 'JSON') return out(refuse(400, 0, 'The peer answers JSON only'));
    if (!RESOURCES.includes(resource as PsResource))
      return out(refuse(400, 22, `Resource of type "${resource}" not found`));
    const allowed = permissions[resource as PsResource] ?? [];
    if (!allowed.includes(method)) return out(refuse(401, 25, 'No permission for this authentication key'));
    try {
      return out(route(method, resource as PsResource, id || undefined, url.searchParams, body));
    } catch (error) {
      if (error instanceof PsRefusal) return out(refuse(error.status, error.code, error.message));
      throw error;
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failing > 0) {
        failing -= 1;
        response.writeHead(503, { 'content-type': 'text/html' });
        return void response.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
      }
      const result = answer(request, Buffer.concat(chunks).toString('utf8'));
      counts[result.route] = (counts[result.route] ?? 0) + 1;
      const drop = drops.find((d) => d.route === result.route && d.left > 0);
      // The change is made; the answer never arrives.
      if (drop && result.status < 300) {
        drop.left -= 1;
        return void request.socket.destroy();
      }
      const send = () => {
        response.writeHead(result.status, { 'content-type': 'application/json', 'psws-version': '8.1.7' });
        response.end(JSON.stringify(result.body));
      };
      // The change is made at once, its answer held back (a station killed meanwhile never hears of it).
      const held = holds.get(result.route) ?? 0;
      if (held > 0) setTimeout(send, held);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    store,
    addOrder: store.addOrder.bind(store),
    /** Requests answered, by `METHOD resource`. */
    requests: () => ({ ...counts }),
    /** The next `n` requests answered 503 by the host. */
    failNext: (n: number) => void (failing = n),
    /** The next `n` successful requests of `route` (`POST order_histories`) made, their answers lost. */
    dropNext: (n: number, route: string) => void drops.push({ route, left: n }),
    /** The answers of `route` held `ms` after their change was made (0: at once again). */
    holdAnswers: (route: string, ms: number) => void holds.set(route, ms),
    histories: (orderId: string): PsRow[] => store.rows('order_histories').filter((h) => h.id_order === orderId),
    carrierOf: (orderId: string): PsRow | undefined => store.rows('order_carriers').find((c) => c.id_order === orderId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
