// A PrestaShop shop's Webservice resources as its peer keeps them (test/peers/prestashopPeer.ts): each resource a table
// of rows of strings, read by PrestaShop's list parameters (filter[field]=[a|b] or [from,to] with date=1, display,
// sort=[field_ASC], limit=offset,count), an order carrier replaced whole by PUT, a state history added by POST, which
// moves the order to that state and its date_upd on, as PrestaShop's OrderHistory does (and its e-mail when asked).
import { COUNTRIES, orderStates, PROVINCES, samplePsOrder, type PsSample } from '../fixtures/prestashopOrders';
import { ORDER_ROW } from './prestashopFields';

export type PsRow = Record<string, unknown>;
export const RESOURCES = [
  'orders',
  'addresses',
  'customers',
  'countries',
  'states',
  'carriers',
  'order_states',
  'order_carriers',
  'order_histories',
] as const;
export type PsResource = (typeof RESOURCES)[number];
/** Each resource's one-item name, as the Webservice wraps a single item and expects it in an XML body. */
export const SINGULAR: Record<PsResource, string> = {
  orders: 'order',
  addresses: 'address',
  customers: 'customer',
  countries: 'country',
  states: 'state',
  carriers: 'carrier',
  order_states: 'order_state',
  order_carriers: 'order_carrier',
  order_histories: 'order_history',
};
const DATE_FIELDS = new Set(['date_add', 'date_upd']);

/** The shop's local time as PrestaShop writes it: `YYYY-MM-DD HH:MM:SS` (the peer's shop runs on UTC). */
export const psTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export class PsRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class PsStore {
  readonly tables = new Map<PsResource, PsRow[]>(RESOURCES.map((r) => [r, []]));
  /** The orders whose customer PrestaShop e-mailed, with the template (order id → templates). */
  readonly emails = new Map<string, string[]>();
  private next = 1;

  constructor(private readonly clock: () => number) {
    this.tables.set('order_states', orderStates());
    this.tables.set('countries', [...COUNTRIES]);
    this.tables.set('states', [...PROVINCES]);
    this.tables.set('carriers', [{ id: '2', name: 'Corriere espresso', url: 'https://traccia.example/@' }]);
  }

  rows(resource: PsResource): PsRow[] {
    return this.tables.get(resource) ?? [];
  }

  find(resource: PsResource, id: string): PsRow | undefined {
    return this.rows(resource).find((row) => row.id === id);
  }

  private insert(resource: PsResource, row: PsRow): PsRow {
    const made = { ...row, id: String(this.next++) };
    this.rows(resource).push(made);
    return made;
  }

  /** A sample order with its address, customer, carrier row and the history of its state. */
  addOrder(n: number, change: (sample: PsSample) => void = () => undefined): PsRow {
    const sample = samplePsOrder(n);
    change(sample);
    // A row field the documentation does not list would be a field no real shop sends.
    const stray = sample.order.associations.order_rows.flatMap(Object.keys).find((field) => !ORDER_ROW.has(field));
    if (stray) throw new Error(`order_rows.${stray} is not a documented field of an order row`);
    const customer = this.insert('customers', sample.customer);
    const address = this.insert('addresses', { ...sample.address, id_customer: customer.id });
    const now = psTime(this.clock());
    const order = this.insert('orders', {
      ...sample.order,
      id_customer: customer.id,
      id_address_delivery: address.id,
      id_address_invoice: address.id,
      date_add: now,
      date_upd: now,
    });
    this.insert('order_carriers', {
      ...{ id_order: order.id, id_carrier: order.id_carrier, id_order_invoice: '0', weight: '1.000000' },
      ...{ shipping_cost_tax_excl: '5.655738', shipping_cost_tax_incl: '6.900000', tracking_number: '', date_add: now },
    });
    this.insert('order_histories', {
      id_employee: '0',
      id_order: order.id,
      id_order_state: order.current_state,
      date_add: now,
    });
    return order;
  }

  /** An order changed in the back office: its fields, and date_upd moved on. */
  editOrder(id: string, fields: PsRow): void {
    const order = this.find('orders', id);
    if (order) Object.assign(order, fields, { date_upd: psTime(this.clock()) });
  }

  editAddress(id: string, fields: PsRow): void {
    const address = this.find('addresses', id);
    if (address) Object.assign(address, fields);
  }

  /** A state set in the back office, as an employee does it: a history row, the order moved, its e-mail sent. */
  addHistory(fields: PsRow, sendEmail: boolean): PsRow {
    const order = this.find('orders', String(fields.id_order ?? ''));
    const state = this.find('order_states', String(fields.id_order_state ?? ''));
    if (!order) throw new PsRefusal(400, 85, 'Validation error: "id_order" is not a valid order');
    if (!state) throw new PsRefusal(400, 85, 'Validation error: "id_order_state" is not a valid order state');
    const now = psTime(this.clock());
    const made = this.insert('order_histories', {
      id_employee: '0',
      id_order: order.id,
      id_order_state: state.id,
      date_add: now,
    });
    Object.assign(order, { current_state: state.id, date_upd: now });
    const template = (state.template as { value: string }[] | undefined)?.[0]?.value ?? '';
    if (sendEmail && state.send_email === '1' && template) {
      const id = String(order.id);
      this.emails.set(id, [...(this.emails.get(id) ?? []), template]);
    }
    return made;
  }

  /** PUT order_carriers/{id}: the row replaced by the body's fields (id_order and id_carrier required). */
  putCarrier(id: string, fields: Record<string, string>): PsRow {
    const row = this.find('order_carriers', id);
    if (!row) throw new PsRefusal(404, 87, `Id(s) not exists: ${id}`);
    if (fields.id !== undefined && fields.id !== id) throw new PsRefusal(400, 90, 'id is duplicated in request');
    for (const required of ['id_order', 'id_carrier'])
      if (!fields[required]) throw new PsRefusal(400, 41, `Validation error: "${required}" is required`);
    for (const key of Object.keys(row)) if (key !== 'id' && key !== 'date_add') row[key] = fields[key] ?? '';
    return row;
  }

  /** A list as the Webservice reads it. */
  list(resource: PsResource, query: URLSearchParams): PsRow[] {
    let rows = this.rows(resource);
    for (const [name, value] of query) {
      const field = /^filter\[(\w+)\]$/.exec(name)?.[1];
      if (!field) continue;
      if (DATE_FIELDS.has(field) && query.get('date') !== '1')
        throw new PsRefusal(400, 32, 'To filter by date, add date=1 to the parameters');
      rows = rows.filter(matcher(field, value));
    }
    const sort = /^\[(\w+)_(ASC|DESC)\]$/.exec(query.get('sort') ?? '');
    if (sort) {
      const [, field, way] = sort;
      const key = (row: PsRow) => String(row[field!] ?? '');
      const numeric = rows.every((row) => /^\d+$/.test(key(row)));
      rows = [...rows].sort((a, b) => {
        const by = numeric ? Number(key(a)) - Number(key(b)) : key(a).localeCompare(key(b));
        return (way === 'DESC' ? -by : by) || Number(a.id) - Number(b.id);
      });
    }
    const limit = /^(?:(\d+),)?(\d+)$/.exec(query.get('limit') ?? '');
    if (limit) rows = rows.slice(Number(limit[1] ?? 0), Number(limit[1] ?? 0) + Number(limit[2]));
    return rows.map((row) => displayed(row, query.get('display')));
  }
}

/** `[a|b|c]`: one of; `[from,to]`: a range (inclusive); anything else: equal. */
function matcher(field: string, value: string): (row: PsRow) => boolean {
  const inner = /^\[(.*)\]$/.exec(value)?.[1];
  const of = (row: PsRow) => String(row[field] ?? '');
  if (inner === undefined) return (row) => of(row) === value;
  const range = inner.split(',');
  if (range.length === 2) return (row) => of(row) >= range[0]! && of(row) <= range[1]!;
  const one = new Set(inner.split('|'));
  return (row) => one.has(of(row));
}

/** display=full: every field; display=[a,b]: those; none: the ids only. */
function displayed(row: PsRow, display: string | null): PsRow {
  if (display === 'full') return row;
  const names = display ? (/^\[(.*)\]$/.exec(display)?.[1] ?? '').split(',') : ['id'];
  return Object.fromEntries(Object.entries(row).filter(([key]) => names.includes(key)));
}
