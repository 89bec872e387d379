// One invoice number, one shipment of a client: a create carrying a number another shipment of the same client holds
// is refused (400, naming the field and the holder), whoever made either, so two benches of one shop never send two
// parcels with one invoice. Which shipments hold their number is decided here, in one place, to be extended here.
import { FIELD_MSG, MSG } from '../../shared/api/messages';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { Db } from '../db/open';

/** A shipment holding an invoice number, as a refusal names it. */
export interface InvoiceHolder {
  id: number;
  ddt_alpha: string;
}

/** The statement of each connection, made once (as the repos' are). */
const statements = new WeakMap<Db, ReturnType<typeof prepareHolder>>();

/** The number's `<> ''` is the partial index's own condition (migration 36): SQLite reads that index only with it. */
const prepareHolder = (db: Db) =>
  db.prepare<{ clientId: number; number: string }, InvoiceHolder>(
    `SELECT id, ddt_alpha FROM shipments WHERE client_id = @clientId AND state <> 'failed'
       AND json_extract(data, '$.invoice_number') = @number AND json_extract(data, '$.invoice_number') <> ''
       AND coalesce(json_extract(data, '$.flag_reso'), 0) <> 1
     ORDER BY id LIMIT 1`,
  );

/**
 * Holders are the client's shipments with that number, except a shipment the courier refused (`failed`: nothing
 * left, its corrected twin may carry its number) and a return (`flag_reso` 1), whose papers name the outward
 * parcel's invoice. A deleted shipment is gone and holds nothing: the shop's order may be shipped again under its own
 * number (the station never gives one of its own numbers twice: numbering.ts keeps the highest given).
 */
function holderOf(db: Db, clientId: number, number: string): InvoiceHolder | undefined {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepareHolder(db)));
  return statement.get({ clientId, number });
}

/** Thrown inside the creating transaction, so nothing is stored. */
export class InvoiceNumberTaken extends Error {
  constructor(
    readonly number: string,
    readonly holder: InvoiceHolder,
  ) {
    super(MSG.invalidFields([`invoice_number: ${number} ${FIELD_MSG.invoiceNumberTaken(holderRef(holder))}`]));
  }
}

/** How a refusal names the shipment holding the number: its id and its reference. */
export const holderRef = (holder: InvoiceHolder): string => `${holder.id} (${holder.ddt_alpha})`;

/** The shipment of the same client holding the request's invoice number, if the request claims one that is held. */
export function invoiceNumberHolder(db: Db, input: CreateShipmentRequest): InvoiceHolder | undefined {
  const number = input.invoice_number.trim();
  // A return takes the outward parcel's number: it claims none of its own.
  if (number === '' || input.flag_reso === 1) return undefined;
  return holderOf(db, input.client_id, number);
}

/** Inside the transaction that stores the request: refuses (throws) a number another shipment holds. */
export function claimInvoiceNumber(db: Db, input: CreateShipmentRequest): void {
  const holder = invoiceNumberHolder(db, input);
  if (holder) throw new InvoiceNumberTaken(input.invoice_number.trim(), holder);
}
