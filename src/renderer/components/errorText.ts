// A command error as the operator reads it, decided by its code: the codes that say it all are said in the operator's
// language; a refusal of form fields names them as the form labels them (each field shows its own message); the
// others carry the station's own words about this case, shown as they came.
import { SELF_SPEAKING_CODES, type CommandError } from '../../shared/ipc/result';
import { hasMessage, type MessageKey, type Translate } from '../i18n/translate';

const KEYS: Record<(typeof SELF_SPEAKING_CODES)[number], MessageKey> = {
  unavailable: 'error.unavailable',
  unreachable: 'error.unreachable',
  bad_answer: 'error.badAnswer',
  no_shipment: 'error.noShipment',
};

/** A goods line's cell as the form labels it (`dettagli_ordine.1.hs_code` → "Codice HS (riga 2)"); else undefined. */
export function lineCellLabel(t: Translate, name: string): string | undefined {
  const parts = name.split('.');
  const key = `lines.${parts[2] ?? ''}`;
  if (parts.length !== 3 || parts[0] !== 'dettagli_ordine' || !hasMessage(key)) return undefined;
  return `${t(key)} (${t('error.line', { n: Number(parts[1]) + 1 })})`;
}

/** A field as the form labels it (`daticolli.1.peso` → "Peso (collo 2)"); undefined where the form has no label. */
export function fieldLabel(t: Translate, name: string): string | undefined {
  const parts = name.split('.');
  const field = parts.at(-1) ?? name;
  const cell = lineCellLabel(t, name);
  if (cell !== undefined) return cell;
  const key = `field.${field}`;
  if (!hasMessage(key)) return undefined;
  const parcel = parts.length === 3 && parts[0] === 'daticolli' ? Number(parts[1]) : undefined;
  return parcel === undefined ? t(key) : `${t(key)} (${t('error.parcel', { n: parcel + 1 })})`;
}

export function errorText(t: Translate, error: CommandError): string {
  if (Object.hasOwn(KEYS, error.code)) return t(KEYS[error.code as keyof typeof KEYS]);
  const names = Object.keys(error.fields ?? {});
  const labels = names.map((name) => fieldLabel(t, name));
  // Named in the operator's words only when every field has a label (settings lists keep the station's words).
  if (names.length === 0 || !labels.every((label) => label !== undefined)) return error.message;
  const fields = labels.join(', ');
  if (error.code === 'invalid') return t('error.fields', { count: names.length, fields });
  // A courier's refusal of the request as it is: each field says why, the banner which ones.
  if (error.code === 'refused') return t('error.courierFields', { fields });
  return error.message;
}
