// A courier's COD payments: typed at the bench (an amount over the parcels named, or over its oldest unpaid ones) or
// its remittance list matched to parcels by waybill. Each is checked against the parcels as they are in the same
// transaction that keeps it, so what is saved pays only parcels delivered and unpaid, never more than they owe, and
// a remittance file already saved pays nothing again.
import type { CodParcel, RemittanceCheck, RemittanceLine, RemittancePreview } from '../../shared/domain/cod';
import type { Caller } from '../auth/users';
import type { Db } from '../db/open';
import type { CodParcelsRepo } from './parcels';

export interface TypedPayment {
  courier: number;
  /** `YYYY-MM-DD` */
  paidOn: string;
  amountCents: number;
  reference: string;
  /** The parcels it pays, in this order; empty: the courier's oldest unpaid deliveries first. */
  shipmentIds: readonly number[];
}

export interface RemittanceFile {
  courier: number;
  paidOn: string;
  reference: string;
  fileName: string;
  /** The file's bytes' hash: the same file is saved once. */
  fileHash: string;
  lines: readonly RemittanceLine[];
}

export type PaymentOutcome =
  { ok: true; paymentId: number | null; paidCents: number; parcels: number } | { ok: false; message: string };

const owedState = (p: CodParcel) => p.state === 'collected' || p.state === 'owed';
const unpaid = (p: CodParcel) => p.amountCents - p.paidCents;
/** A waybill as a remittance list may write it: case, spaces and dashes aside. */
const waybillKey = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export function codPayments(db: Db, parcels: CodParcelsRepo, now: () => number) {
  const s = {
    payment: db.prepare<{
      userId: number;
      courier: number;
      paidOn: string;
      amount: number;
      reference: string;
      source: string;
      hash: string | null;
      at: number;
    }>(
      `INSERT INTO cod_payments (user_id, courier, paid_on, amount_cents, reference, source, file_hash, created_at)
       VALUES (@userId, @courier, @paidOn, @amount, @reference, @source, @hash, @at)`,
    ),
    item: db.prepare<{ payment: number; shipment: number; amount: number }>(
      'INSERT INTO cod_payment_items (payment_id, shipment_id, amount_cents) VALUES (@payment, @shipment, @amount)',
    ),
    imported: db.prepare<{ userId: number; hash: string }, { created_at: number }>(
      'SELECT created_at FROM cod_payments WHERE user_id = @userId AND file_hash = @hash',
    ),
  };

  function keep(
    caller: Caller,
    head: { courier: number; paidOn: string; reference: string; source: string; hash: string | null },
    items: readonly { shipmentId: number; cents: number }[],
  ): PaymentOutcome {
    const amount = items.reduce((sum, i) => sum + i.cents, 0);
    if (amount === 0) return { ok: true, paymentId: null, paidCents: 0, parcels: 0 };
    const paymentId = Number(s.payment.run({ userId: caller.userId, ...head, amount, at: now() }).lastInsertRowid);
    for (const i of items) s.item.run({ payment: paymentId, shipment: i.shipmentId, amount: i.cents });
    return { ok: true, paymentId, paidCents: amount, parcels: items.length };
  }

  /** The amount spread over the parcels (each up to what it still owes), or why it cannot be. */
  function spread(caller: Caller, input: TypedPayment): { shipmentId: number; cents: number }[] | string {
    const mine = parcels.of(caller, input.courier, now());
    let targets: CodParcel[];
    if (input.shipmentIds.length === 0) {
      targets = mine.filter(owedState).sort((a, b) => (a.deliveredAt ?? 0) - (b.deliveredAt ?? 0));
    } else {
      const byId = new Map(mine.map((p) => [p.shipmentId, p]));
      targets = [];
      for (const id of input.shipmentIds) {
        const parcel = byId.get(id);
        if (!parcel) return `La spedizione ${id} non è un contrassegno di questo corriere`;
        if (!owedState(parcel)) return `Il contrassegno ${parcel.waybill} non è da pagare (${parcel.state})`;
        targets.push(parcel);
      }
    }
    let left = input.amountCents;
    const items: { shipmentId: number; cents: number }[] = [];
    for (const parcel of targets) {
      if (left === 0) break;
      const cents = Math.min(left, unpaid(parcel));
      items.push({ shipmentId: parcel.shipmentId, cents });
      left -= cents;
    }
    if (left > 0) return `L'importo supera di ${euros(left)} € quanto il corriere deve per questi contrassegni`;
    return items;
  }

  const record = db.transaction((caller: Caller, input: TypedPayment): PaymentOutcome => {
    const items = spread(caller, input);
    if (typeof items === 'string') return { ok: false, message: items };
    const head = { courier: input.courier, paidOn: input.paidOn, reference: input.reference, source: 'typed' };
    return keep(caller, { ...head, hash: null }, items);
  });

  function check(caller: Caller, courier: number, lines: readonly RemittanceLine[], hash: string): RemittancePreview {
    const importedAt = s.imported.get({ userId: caller.userId, hash })?.created_at ?? null;
    const byWaybill = new Map(parcels.of(caller, undefined, now()).map((p) => [waybillKey(p.waybill), p]));
    const seen = new Set<string>();
    const checked = lines.map((line): RemittanceCheck => {
      const key = waybillKey(line.waybill);
      const parcel = byWaybill.get(key);
      const found = { shipmentId: parcel?.shipmentId ?? null, expectedCents: parcel ? unpaid(parcel) : null };
      const repeated = seen.has(key);
      seen.add(key);
      if (line.amountCents === undefined) return { ...line, ...found, match: 'bad_amount' };
      if (repeated) return { ...line, ...found, match: 'repeated' };
      if (!parcel) return { ...line, shipmentId: null, expectedCents: null, match: 'not_found' };
      if (parcel.courier !== courier) return { ...line, ...found, match: 'other_courier' };
      if (parcel.state === 'paid' || importedAt !== null) return { ...line, ...found, match: 'already_paid' };
      if (!owedState(parcel)) return { ...line, ...found, match: 'not_delivered' };
      if (line.amountCents !== unpaid(parcel)) return { ...line, ...found, match: 'amount_differs' };
      return { ...line, ...found, match: 'matched' };
    });
    const matchedCents = checked.reduce((sum, l) => sum + (l.match === 'matched' ? (l.amountCents ?? 0) : 0), 0);
    return { lines: checked, matchedCents, importedAt };
  }

  const save = db.transaction((caller: Caller, file: RemittanceFile): PaymentOutcome => {
    const preview = check(caller, file.courier, file.lines, file.fileHash);
    const items = preview.lines.flatMap((l) =>
      l.match === 'matched' && l.shipmentId !== null ? [{ shipmentId: l.shipmentId, cents: l.amountCents ?? 0 }] : [],
    );
    const head = { courier: file.courier, paidOn: file.paidOn, reference: file.reference, source: file.fileName };
    return keep(caller, { ...head, hash: file.fileHash }, items);
  });

  return {
    /** A payment typed at the bench: kept whole, or refused with why and nothing kept. */
    record: (caller: Caller, input: TypedPayment) => record.immediate(caller, input),
    /** What a remittance list would pay, line by line, before anything is saved. */
    preview: (caller: Caller, courier: number, lines: readonly RemittanceLine[], fileHash: string) =>
      check(caller, courier, lines, fileHash),
    /** The list's matched lines paid, in one transaction; a file saved before pays nothing. */
    importFile: (caller: Caller, file: RemittanceFile) => save.immediate(caller, file),
  };
}

export type CodPayments = ReturnType<typeof codPayments>;
