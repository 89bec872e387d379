// Shipping rules over the orders waiting: 10,000 orders kept at a station (Italy and abroad, cash on delivery or not,
// one to three parcels, lines with weights, prices and SKUs), and a list of 12 rules of every kind of condition run
// over all of them through the engine, as the Settings page's preview does (the orders read from SQLite, their facts
// worked out, the rules run, the counts made). The budget is 1 s: the figure is divided by it.
import { createStation } from '../../src/station/index';
import type { OrderDraft } from '../../src/shared/domain/orders';
import type { Rule } from '../../src/shared/domain/shippingRules';
import { PLACES } from '../fixtures/orderFiles';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { median, timeOnce, type Row } from './stats';

const ORDERS = 10_000;
const ROUNDS = 5;
const BUDGET_MS = 1000;

const ABROAD = [
  { rcpt_country_code: 'DE', rcpt_prov: 'EE', rcpt_cap: '10115', rcpt_city: 'Berlin' },
  { rcpt_country_code: 'FR', rcpt_prov: 'EE', rcpt_cap: '75001', rcpt_city: 'Paris' },
  { rcpt_country_code: 'ES', rcpt_prov: 'EE', rcpt_cap: '28001', rcpt_city: 'Madrid' },
];

function drafts(clientId: number): OrderDraft[] {
  return Array.from({ length: ORDERS }, (_, i) => {
    const [cap, city, prov] = PLACES[i % PLACES.length] ?? PLACES[0];
    const where =
      i % 5 === 4
        ? (ABROAD[i % ABROAD.length] ?? ABROAD[0]!)
        : { rcpt_country_code: 'IT', rcpt_prov: prov, rcpt_cap: cap, rcpt_city: city };
    return {
      line: i + 1,
      clientId,
      orderRef: `R-${100_000 + i}`,
      values: {
        rcpt_name: `Cliente ${i}`,
        rcpt_addr: `Via Roma ${i + 1}`,
        rcpt_phone: '0543123456',
        rcpt_email: `c${i}@esempio.it`,
        colli: String(1 + (i % 3)),
        ...(i % 4 === 0 && where.rcpt_country_code === 'IT' ? { contrassegno: String(20 + (i % 90)) } : {}),
        ...where,
      },
      lines: [
        {
          sku: `SKU-${i % 50}`,
          description: 'Articolo',
          qty: 1 + (i % 2),
          weightKg: 0.2 + (i % 40) / 4,
          unitValue: 9.9,
        },
      ],
    };
  });
}

const RULES: Rule[] = [
  { name: 'Pesanti', when: { weightKg: { min: 9 } }, then: { hold: true } },
  { name: 'Svizzera', when: { countries: ['CH'] }, then: { courier: { corriere: 71, servizio: 3 } } },
  {
    name: 'Contrassegno leggero',
    when: { cod: true, weightKg: { max: 3 } },
    then: { courier: { corriere: 70, servizio: 1 }, codType: 12 },
  },
  { name: 'Contrassegno', when: { cod: true }, then: { courier: { corriere: 74, servizio: 1 } } },
  { name: 'Europa', when: { zone: 'eu', parcels: { max: 2 } }, then: { courier: { corriere: 73, servizio: 1 } } },
  { name: 'SKU fragili', when: { skus: ['SKU-7', 'SKU-13', 'SKU-21'] }, then: { insurance: 'order' } },
  { name: 'Cliente 2', when: { clients: [2] }, then: { courier: { corriere: 72, servizio: 1 } } },
  {
    name: 'Da Shopify',
    when: { sources: ['shopify:negozio.example'] },
    then: { courier: { corriere: 75, servizio: 1 } },
  },
  { name: 'Valore alto', when: { valueEur: { min: 500 } }, then: { courier: { corriere: 70, servizio: 2 } } },
  { name: 'Voluminosi', when: { volumeM3: { min: 0.2 } }, then: { courier: { corriere: 74, servizio: 1 } } },
  {
    name: 'Tre colli',
    when: { parcels: { min: 3 }, zone: 'domestic' },
    then: { courier: { corriere: 74, servizio: 1 } },
  },
  { name: 'Poste', when: { zone: 'domestic', parcels: { max: 1 } }, then: { courier: { corriere: 72, servizio: 1 } } },
];

export async function benchRules(): Promise<Row[]> {
  const dataDir = tempDir('bench-rules-');
  const station = await createStation({ dataDir });
  try {
    const clientId = station.caller.clientIds[0] ?? 1;
    const added = station.engine.orders.add(station.caller, drafts(clientId), 'bench.csv');
    if (added.added !== ORDERS) throw new Error(`expected ${ORDERS} orders kept, kept ${added.added}`);
    const { rules } = station.engine;
    let last = rules.preview(station.caller, RULES, 100);
    const rounds: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1)
      rounds.push(await timeOnce(() => (last = rules.preview(station.caller, RULES, 100))));
    if (last.total !== ORDERS) throw new Error(`the preview saw ${last.total} orders, not ${ORDERS}`);
    return [
      {
        name: `${RULES.length} rules over ${ORDERS.toLocaleString('en')} orders waiting (preview, through the engine)`,
        medianMs: median(rounds),
        baseline: "the issue's budget",
        baselineMs: BUDGET_MS,
        extra: `${last.cheapest} to the cheapest, ${last.held} held, by rule ${last.byRule.join('/')}`,
        goal: 'rulesPreview',
      },
    ];
  } finally {
    await station.close();
    removeTempDir(dataDir);
  }
}
