// Pricing benchmark: the cheapest choice across every courier service for 1,000 varied shipments (Italy, islands and
// remote areas, Europe, the world; light to heavy; services and options), next to the same run's first-level
// validation of the same 1,000 bodies. Each figure is the median of several rounds over all 1,000.
import { createQuoter } from '../../src/engine/index';
import { createCourierRegistry } from '../../src/engine/couriers/registry';
import type { ShipmentInput } from '../../src/engine/couriers/types';
import { builtinPriceLists } from '../../src/engine/pricing/priceList';
import { quote } from '../../src/engine/pricing/quote';
import { parseCreateShipment } from '../../src/shared/api/shipmentRequest';
import { median, timeOnce, type Row } from './stats';
import { seededRandom } from '../helpers/random';
import { resources } from '../helpers/resources';
import { goodsLines } from '../fixtures/customsLines';

const SHIPMENTS = 1000;
const ROUNDS = 7;

const DESTINATIONS: readonly Record<string, string>[] = [
  { rcpt_country_code: 'IT', rcpt_prov: 'MI', rcpt_cap: '20121', rcpt_city: 'Milano' },
  { rcpt_country_code: 'IT', rcpt_prov: 'FC', rcpt_cap: '47121', rcpt_city: 'Forlì' },
  { rcpt_country_code: 'IT', rcpt_prov: 'RM', rcpt_cap: '00184', rcpt_city: 'Roma' },
  { rcpt_country_code: 'IT', rcpt_prov: 'TO', rcpt_cap: '10121', rcpt_city: 'Torino' },
  { rcpt_country_code: 'IT', rcpt_prov: 'BA', rcpt_cap: '70121', rcpt_city: 'Bari' },
  { rcpt_country_code: 'IT', rcpt_prov: 'RC', rcpt_cap: '89121', rcpt_city: 'Reggio Calabria' },
  { rcpt_country_code: 'IT', rcpt_prov: 'PA', rcpt_cap: '90121', rcpt_city: 'Palermo' },
  { rcpt_country_code: 'IT', rcpt_prov: 'CA', rcpt_cap: '09121', rcpt_city: 'Cagliari' },
  { rcpt_country_code: 'IT', rcpt_prov: 'VE', rcpt_cap: '30124', rcpt_city: 'Venezia' },
  { rcpt_country_code: 'IT', rcpt_prov: 'NA', rcpt_cap: '80073', rcpt_city: 'Capri' },
  { rcpt_country_code: 'IT', rcpt_prov: 'SO', rcpt_cap: '23041', rcpt_city: 'Livigno' },
  { rcpt_country_code: 'IT', rcpt_prov: 'AG', rcpt_cap: '92031', rcpt_city: 'Lampedusa e Linosa' },
  { rcpt_country_code: 'DE', rcpt_prov: 'BE', rcpt_cap: '10115', rcpt_city: 'Berlin' },
  { rcpt_country_code: 'FR', rcpt_prov: '75', rcpt_cap: '75001', rcpt_city: 'Paris' },
  { rcpt_country_code: 'ES', rcpt_prov: 'PM', rcpt_cap: '07001', rcpt_city: 'Palma' },
  { rcpt_country_code: 'SE', rcpt_prov: 'AB', rcpt_cap: '11120', rcpt_city: 'Stockholm' },
  { rcpt_country_code: 'CH', rcpt_prov: 'ZH', rcpt_cap: '8001', rcpt_city: 'Zürich' },
  { rcpt_country_code: 'US', rcpt_prov: 'NY', rcpt_cap: '10001', rcpt_city: 'New York' },
  { rcpt_country_code: 'JP', rcpt_prov: '13', rcpt_cap: '1000001', rcpt_city: 'Tokyo' },
  { rcpt_country_code: 'BR', rcpt_prov: 'SP', rcpt_cap: '01000-000', rcpt_city: 'São Paulo' },
];

export function variedShipments(count: number, seed = 42): Record<string, unknown>[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return Array.from({ length: count }, (_, i) => {
    // Mostly parcels, some pallets: weights spread over four orders of magnitude.
    const peso = Math.round(10 ** (next() * 3.2 - 0.5) * 100) / 100;
    // Parcels of up to about 25 kg, as a warehouse packs them; a few shipments split further.
    const colli = Math.min(20, Math.max(Math.ceil(peso / 25), chance(0.7) ? 1 : 1 + Math.floor(next() * 5)));
    return {
      corriere: 0,
      servizio: 0,
      client_id: 1001,
      colli,
      peso,
      volume: Math.round(peso * (0.002 + next() * 0.006) * 1000) / 1000,
      origine: 'IT',
      merce: pick(['Libri', 'Ricambi', 'Abbigliamento', 'Elettronica']),
      rcpt_contact: 'Anna Bianchi',
      rcpt_name: `Cliente ${i}`,
      rcpt_addr: 'Via Roma 1',
      rcpt_phone: '0543123456',
      rcpt_email: 'cliente@example.com',
      ...pick(DESTINATIONS),
      contrassegno: chance(0.2) ? Math.round(next() * 800) : 0,
      valore: chance(0.15) ? Math.round(next() * 3000) : 0,
      al_sabato: chance(0.05) ? 'S' : '',
      al_piano: chance(0.05) ? 'S' : '',
      preavviso_telefonico: chance(0.2) ? 'S' : '',
      flag_reso: chance(0.05) ? 1 : 0,
      chi_paga: chance(0.05) ? 1 : 0,
      addebito_dogana: chance(0.1) ? 1 : 0,
      carrier2_signature_required: chance(0.1) ? 1 : 0,
      carrier4_options: chance(0.1) ? ['TEL'] : [],
      carrier1_accessori: chance(0.1) ? 1 : 0,
      codice_merce_carrier5: chance(0.7) ? 'GEN' : '',
      valore_doganale: 150,
      invoice_number: `F-${i}`,
      invoice_date: '2025-01-10',
      sender_eori: 'IT01234567890',
      // Under the lightest parcel (0.32 kg), so every shipment outside the EU has lines customs accept.
      dettagli_ordine: goodsLines(150, 0.2),
    };
  });
}

export async function benchCheapest(): Promise<Row[]> {
  const bodies = variedShipments(SHIPMENTS);
  const inputs: ShipmentInput[] = bodies.map((body) => {
    const parsed = parseCreateShipment(body);
    if (!parsed.ok) throw new Error(`bench shipment is invalid: ${parsed.error}`);
    return parsed.value;
  });
  const couriers = createCourierRegistry(resources);
  const lists = builtinPriceLists(resources);
  // What `npm run quote` does per shipment: the configuration read once, then parse and choice per body.
  const quoteBody = createQuoter({}, resources);
  const services = couriers.all().reduce((n, c) => n + c.services.length, 0);

  let eligible = 0;
  let unserved = 0;
  for (const input of inputs) {
    const answer = quote(input, couriers, lists); // warm-up, and what the rounds will find
    eligible += answer.eligible.length;
    if (answer.eligible.length === 0) unserved += 1;
  }
  const parse: number[] = [];
  const choose: number[] = [];
  const endToEnd: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    parse.push(await timeOnce(() => bodies.forEach((body) => parseCreateShipment(body))));
    choose.push(await timeOnce(() => inputs.forEach((input) => quote(input, couriers, lists))));
    endToEnd.push(await timeOnce(() => bodies.forEach((body) => quoteBody(body))));
  }
  const baseline = median(parse);
  const perShipment = (ms: number) => `${((ms * 1000) / SHIPMENTS).toFixed(0)} µs/shipment`;
  return [
    {
      name: `cheapest choice over ${services} courier services, ${SHIPMENTS} parsed shipments`,
      medianMs: median(choose),
      baseline: `parseCreateShipment of the same ${SHIPMENTS}`,
      baselineMs: baseline,
      extra:
        `${perShipment(median(choose))}, ${(eligible / SHIPMENTS).toFixed(1)} eligible services per ` +
        `shipment, ${unserved} with none`,
    },
    {
      name: `quoteShipment (parse + config + choice), same ${SHIPMENTS} bodies`,
      medianMs: median(endToEnd),
      baseline: `parseCreateShipment of the same ${SHIPMENTS}`,
      baselineMs: baseline,
      extra: perShipment(median(endToEnd)),
    },
  ];
}
