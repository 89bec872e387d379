// The priced extras a shipment asks for, one line each: the S/N service flags and the 0/1 request flags (signature,
// return, carriage forward, duties paid), carrier4_options codes and carrier1_accessori bits. Amounts in cents.
import type { ShipmentInput } from '../couriers/types';
import type { PriceList } from './priceList';

export interface Charge {
  /** `services` for flags, `options` for carrier4_options and carrier1_accessori. */
  part: 'services' | 'options';
  /** The list's key: a flag name, an option code or an accessori bit. */
  code: string;
  label: string;
  amount: number;
}

type FlagName = keyof PriceList['flags'];

/** Which request field asks for each priced flag. */
const FLAGS: readonly { flag: FlagName; label: string; asked: (s: ShipmentInput) => boolean }[] = [
  { flag: 'al_sabato', label: 'consegna al sabato', asked: (s) => s.al_sabato === 'S' },
  { flag: 'al_piano', label: 'consegna al piano', asked: (s) => s.al_piano === 'S' },
  { flag: 'preavviso_telefonico', label: 'preavviso telefonico', asked: (s) => s.preavviso_telefonico === 'S' },
  { flag: 'reso_contestuale', label: 'reso contestuale', asked: (s) => s.reso_contestuale === 'S' },
  { flag: 'fermo_deposito', label: 'fermo deposito', asked: (s) => s.fermo_deposito === 'S' },
  { flag: 'signature_required', label: 'firma alla consegna', asked: (s) => s.carrier2_signature_required === 1 },
  { flag: 'return_shipment', label: 'spedizione di reso', asked: (s) => s.flag_reso === 1 },
  { flag: 'recipient_pays', label: 'porto assegnato', asked: (s) => s.chi_paga === 1 },
  { flag: 'ddp', label: 'dazi e tasse a carico del mittente (DDP)', asked: (s) => s.addebito_dogana === 1 },
];

export const toCents = (euros: number): number => Math.round(euros * 100 + 1e-7);

/** Every extra the shipment asks for and the list prices; what the list leaves out is not a line (it costs 0). */
export function chargesFor(list: PriceList, shipment: ShipmentInput): Charge[] {
  const charges: Charge[] = [];
  for (const { flag, label, asked } of FLAGS) {
    const price = list.flags[flag];
    if (asked(shipment) && price !== undefined && price > 0)
      charges.push({ part: 'services', code: flag, label, amount: toCents(price) });
  }
  const optionPrices = new Map(
    Object.entries(list.options).map(([code, price]) => [code.toUpperCase(), { code, price }]),
  );
  // The same code twice in carrier4_options is one option asked for, charged once.
  const asked = new Set(shipment.carrier4_options.map((code) => code.trim().toUpperCase()));
  for (const code of asked) {
    const option = optionPrices.get(code);
    if (option && option.price > 0)
      charges.push({
        part: 'options',
        code: option.code,
        label: `opzione ${option.code}`,
        amount: toCents(option.price),
      });
  }
  const bits = Object.entries(list.accessori)
    .map(([bit, price]) => ({ bit: Number(bit), price }))
    .sort((a, b) => a.bit - b.bit);
  for (const { bit, price } of bits) {
    // Bits above 2^30 would overflow `&`; a safe integer mask is tested by division instead.
    const set = Math.floor(shipment.carrier1_accessori / bit) % 2 === 1;
    if (set && price > 0)
      charges.push({ part: 'options', code: String(bit), label: `accessorio ${bit}`, amount: toCents(price) });
  }
  return charges;
}
