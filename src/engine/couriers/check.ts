// Checks every courier applies before producing a waybill: destination, parcels and weights, the courier's field
// lengths, Italian postal code vs city/province, the services asked for against what the courier declares, and
// customs data outside the EU customs territory. Courier quirks come last, from the driver.
import type { CourierCheck, CourierDefinition, CourierService, ShipmentInput } from './types';
import { outsideEuCustoms } from '../../shared/domain/customs';
import { customsProblems } from '../../shared/domain/customsLines';
import type { Municipalities } from './municipalities';
import { lengthRefusal, withLengths } from './lengths';
import { COD_TYPE_TEXT, effectiveCodType } from '../../shared/domain/cashOnDelivery';

import type { ExclusionCode, ExclusionParams } from '../../shared/api/exclusionReasons';
import { fieldIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { fieldLabel } from '../../shared/api/fieldLabels';

/**
 * A refusal and the request field it concerns (the form shows the words beside it): the words are the API's, the code
 * and its params the same reason for the screens to say in their language.
 */
const fail = (
  reason: string,
  field: string,
  code: ExclusionCode,
  params: ExclusionParams = {},
): CourierCheck & { ok: false } => ({ ok: false, reason, code, params, field });

const FLAG_CAPABILITY = [
  ['al_sabato', 'saturday', 'consegna al sabato'],
  ['al_piano', 'floorDelivery', 'consegna al piano'],
  ['preavviso_telefonico', 'phoneNotice', 'preavviso telefonico'],
  ['reso_contestuale', 'exchange', 'reso contestuale'],
  ['fermo_deposito', 'holdAtDepot', 'fermo deposito'],
] as const;

const DUTIES = ['a carico del destinatario', 'a carico del mittente (DDP)', 'a carico di terzi'];

function heaviestParcel(shipment: ShipmentInput): number {
  const given = shipment.daticolli?.map((p) => p.peso ?? 0) ?? [];
  return given.length > 0 ? Math.max(...given) : shipment.peso / shipment.colli;
}

function checkRoute(courier: CourierDefinition, service: CourierService, shipment: ShipmentInput): CourierCheck {
  const where = `${courier.name} ${service.name}`;
  const country = shipment.rcpt_country_code;
  if (!service.destinations.includes(country))
    return fail(
      `Servizio ${where} non disponibile per la destinazione ${country}`,
      'rcpt_country_code',
      'destinationUnavailable',
      {
        country,
      },
    );
  if (service.provinces && country === 'IT' && !service.provinces.includes(shipment.rcpt_prov)) {
    return fail(
      `Servizio ${where} non disponibile per la provincia ${shipment.rcpt_prov} (solo ${service.provinces.join(', ')})`,
      'rcpt_prov',
      'provinceUnavailable',
      { province: shipment.rcpt_prov, provinces: service.provinces.join(', ') },
    );
  }
  if (shipment.colli > service.maxParcels)
    return fail(
      `Numero di colli superiore al massimo di ${service.maxParcels} per ${where}`,
      'colli',
      'tooManyParcels',
      {
        max: service.maxParcels,
      },
    );
  if (shipment.peso > service.maxWeightKg)
    return fail(`Peso superiore al massimo di ${service.maxWeightKg} kg per ${where}`, 'peso', 'weightOverMax', {
      max: service.maxWeightKg,
    });
  if (heaviestParcel(shipment) > service.maxParcelWeightKg)
    return fail(
      `Peso di un collo superiore al massimo di ${service.maxParcelWeightKg} kg per ${where}`,
      'peso',
      'parcelWeightOverMax',
      { max: service.maxParcelWeightKg },
    );
  return { ok: true };
}

function checkServices(courier: CourierDefinition, shipment: ShipmentInput): CourierCheck {
  const caps = courier.capabilities;
  for (const [field, capability, label] of FLAG_CAPABILITY) {
    if (shipment[field] === 'S' && !caps[capability])
      return fail(`Servizio ${label} non disponibile con ${courier.name}`, field, 'serviceUnavailable', { field });
  }
  if (shipment.contrassegno > 0) {
    const cod = caps.cashOnDelivery;
    if (!cod || !cod.countries.includes(shipment.rcpt_country_code))
      return fail(
        `Contrassegno non disponibile con ${courier.name} verso ${shipment.rcpt_country_code}`,
        'contrassegno',
        'codUnavailable',
        { country: shipment.rcpt_country_code },
      );
    if (shipment.contrassegno > cod.max)
      return fail(
        `Contrassegno oltre il massimo di ${cod.max} ${shipment.valuta} con ${courier.name}`,
        'contrassegno',
        'codOverMax',
        { max: cod.max, currency: shipment.valuta },
      );
    const collection = effectiveCodType(shipment.tipo_incasso);
    if (!cod.paymentTypes.includes(collection)) {
      const allowed = cod.paymentTypes.map((t) => `${t} ${COD_TYPE_TEXT[t]}`).join(', ');
      return fail(
        `Tipo di incasso ${collection} (${COD_TYPE_TEXT[collection]}) non accettato da ${courier.name} ` +
          `(ammessi: ${allowed})`,
        'tipo_incasso',
        'codTypeRefused',
        { type: collection, allowed: cod.paymentTypes.join(', ') },
      );
    }
  }
  if (shipment.valore > 0) {
    if (!caps.insurance)
      return fail(`Assicurazione non disponibile con ${courier.name}`, 'valore', 'insuranceUnavailable');
    if (shipment.valore > caps.insurance.max)
      return fail(
        `Valore assicurato oltre il massimo di ${caps.insurance.max} ${shipment.valuta} con ${courier.name}`,
        'valore',
        'insuranceOverMax',
        { max: caps.insurance.max, currency: shipment.valuta },
      );
  }
  if (shipment.flag_reso === 1 && !caps.returns)
    return fail(`Spedizioni di reso non disponibili con ${courier.name}`, 'flag_reso', 'returnsUnavailable');
  if (shipment.chi_paga === 1 && !caps.recipientPays)
    return fail(
      `Porto assegnato (spese a carico del destinatario) non disponibile con ${courier.name}`,
      'chi_paga',
      'recipientPaysUnavailable',
    );
  return { ok: true };
}

/** Outside the EU customs territory: customs value, invoice and the sender's EORI, unless documents only. */
function checkCustoms(courier: CourierDefinition, shipment: ShipmentInput): CourierCheck {
  if (!outsideEuCustoms(shipment.rcpt_country_code, shipment.rcpt_cap)) return { ok: true };
  if (!courier.capabilities.customsDuties.includes(shipment.addebito_dogana)) {
    return fail(
      `Dazi ${DUTIES[shipment.addebito_dogana] ?? shipment.addebito_dogana} non disponibili con ${courier.name}`,
      'addebito_dogana',
      'dutiesUnavailable',
      { duties: shipment.addebito_dogana },
    );
  }
  if (shipment.documenti === 1) {
    return courier.capabilities.documents
      ? { ok: true }
      : fail(
          `Spedizioni di soli documenti fuori dall'UE non disponibili con ${courier.name}`,
          'documenti',
          'documentsUnavailable',
        );
  }
  return exportDataRefusal(shipment);
}

/**
 * What any export of goods needs whatever the courier: the customs value, the invoice, the exporter's EORI and goods
 * lines a customs office can read. Every local courier checks it, and so does a connected bench before it sends a
 * parcel to the remote, whose refusal of a missing EORI names only the courier's destinations.
 */
export function exportDataRefusal(shipment: ShipmentInput): CourierCheck {
  const missing = [
    shipment.valore_doganale > 0 ? '' : 'valore_doganale',
    shipment.invoice_number ? '' : 'invoice_number',
    shipment.invoice_date ? '' : 'invoice_date',
    shipment.sender_eori ? '' : 'sender_eori',
  ].filter(Boolean);
  if (missing.length === 0) return checkCustomsLines(shipment);
  return {
    ...fail(
      `Dati doganali obbligatori per ${shipment.rcpt_country_code} ${shipment.rcpt_cap} (fuori dal territorio ` +
        `doganale UE): ${missing.map(fieldLabel).join(', ')}`,
      missing[0] ?? 'valore_doganale',
      'customsRequired',
      { country: shipment.rcpt_country_code, cap: shipment.rcpt_cap, fields: missing.join(', ') },
    ),
    issues: Object.fromEntries(missing.map((field) => [field, fieldIssue('customsRequired')])),
  };
}

/** A goods line's field as a customs refusal names it ('riga 2 Codice HS'); the shipment's own fields by label. */
const LINE_FIELDS: Readonly<Record<string, string>> = {
  description: 'Descrizione',
  hs_code: 'Codice HS',
  origine: 'Origine',
  qty: 'Quantità',
  prezzo_singolo: 'Valore unitario',
  peso_riga: 'Peso netto',
};
function customsFieldLabel(field: string): string {
  const line = /^dettagli_ordine\.(\d+)\.(\w+)$/.exec(field);
  if (line) return `riga ${Number(line[1]) + 1} ${LINE_FIELDS[line[2] ?? ''] ?? line[2]}`;
  return field === 'dettagli_ordine' ? 'righe della merce' : fieldLabel(field);
}

/**
 * The goods lines a customs office reads (customsProblems, the same checks the form makes as the operator types):
 * a courier takes no parcel whose lines lack an HS code, an origin, or do not add up, and says which field.
 */
function checkCustomsLines(shipment: ShipmentInput): CourierCheck {
  const problems = customsProblems({
    lines: shipment.dettagli_ordine,
    origine: shipment.origine,
    valore_doganale: shipment.valore_doganale,
    peso: shipment.peso,
  });
  const fields = Object.keys(problems);
  if (fields.length === 0) return { ok: true };
  return {
    ...fail(
      `Righe della merce non valide per ${shipment.rcpt_country_code} ${shipment.rcpt_cap} (fuori dal territorio ` +
        `doganale UE): ${fields.map(customsFieldLabel).join(', ')}`,
      fields[0] ?? 'dettagli_ordine',
      'customsLinesInvalid',
      { country: shipment.rcpt_country_code, cap: shipment.rcpt_cap, fields: fields.join(', ') },
    ),
    issues: Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, fieldIssue(p.code, p.value)])),
  };
}

/**
 * CAP, city and province that disagree, said at the field to change (the screens translate the code): a CAP that is
 * not one, or is another province's, at the CAP; a city the CAP does not serve, or of another province, at the city.
 */
export function placeIssues(
  code: ExclusionCode,
  params: Readonly<Record<string, string>>,
): { field: string; issues?: FieldIssues } {
  const at = (field: string, issue: FieldIssues[string]) => ({ field, issues: { [field]: issue } });
  switch (code) {
    case 'capInvalid':
      return at('rcpt_cap', fieldIssue('capDigits'));
    case 'capUnknown':
      return at('rcpt_cap', fieldIssue('capUnknown'));
    case 'capProvince':
      // Most often the CAP is the mistyped one (city and province agree with each other): said at the CAP.
      return at('rcpt_cap', fieldIssue('capProvince', params.expected ?? ''));
    case 'cityProvince':
      return at('rcpt_city', fieldIssue('cityProvince'));
    case 'capCity':
      return at('rcpt_city', fieldIssue('capCity', params.names ?? ''));
    default:
      return { field: 'rcpt_cap' };
  }
}

export function checkShipment(
  courier: CourierDefinition,
  service: CourierService,
  shipment: ShipmentInput,
  places: Municipalities,
): CourierCheck {
  if (service.forReturns && shipment.flag_reso !== 1)
    return fail(`${service.name}: servizio riservato ai resi (flag_reso 1)`, 'servizio', 'returnsOnlyService', {
      service: service.name,
    });
  const route = checkRoute(courier, service, shipment);
  if (!route.ok) return route;
  // Every text over the courier's limits at once, and beside any other refusal: the form shows all there is to fix.
  const lengths = lengthRefusal(courier, shipment);
  const rest = checkBeyondRoute(courier, service, shipment, places);
  if (!rest.ok) return withLengths(rest, lengths);
  return lengths ?? rest;
}

function checkBeyondRoute(
  courier: CourierDefinition,
  service: CourierService,
  shipment: ShipmentInput,
  places: Municipalities,
): CourierCheck {
  if (shipment.rcpt_country_code === 'IT') {
    const address = places.check(shipment.rcpt_cap, shipment.rcpt_city, shipment.rcpt_prov);
    if (!address.ok) return { ...address, ...placeIssues(address.code, address.params) };
  }
  const services = checkServices(courier, shipment);
  if (!services.ok) return services;
  const customs = checkCustoms(courier, shipment);
  if (!customs.ok) return customs;
  return courier.validate ? courier.validate(shipment, service, courier) : { ok: true };
}
