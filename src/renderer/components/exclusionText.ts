// Why a courier service is left out of the quote, in the operator's language: said by its code, its weights, amounts
// and counts written the language's way, the fields it names as the form labels them. A reason with no code of its
// own ('other') is shown as the station wrote it.
import type { ExclusionReason } from '../../shared/api/exclusionReasons';
import { hasMessage, type Params, type Translate } from '../i18n/translate';
import { lineCellLabel } from './errorText';

/** What of the screen's I18n the text needs (named here so Node-side tests can build it without React). */
export interface Formatter {
  t: Translate;
  number(value: number, maxDigits?: number): string;
  money(value: number, currency?: string): string;
  kg(value: number): string;
}

/** The params each code writes as a weight; the amounts are `max` with a `currency`. */
const WEIGHTS: Partial<Record<ExclusionReason['code'], readonly string[]>> = {
  weightOverList: ['kg'],
  zoneWithoutPrice: ['kg'],
  weightOverMax: ['max'],
  parcelWeightOverMax: ['max'],
};
const AMOUNTS: ReadonlySet<ExclusionReason['code']> = new Set(['codOverMax', 'insuranceOverMax']);

export function exclusionText(i18n: Formatter, exclusion: ExclusionReason & { reason: string }): string {
  const { t, number, money, kg } = i18n;
  const { code, params } = exclusion;
  if (code === 'other') return exclusion.reason;
  const fieldName = (field: string) => {
    const key = `field.${field}`;
    return hasMessage(key) ? t(key) : (lineCellLabel(t, field) ?? field);
  };
  const said: Params = {};
  for (const [name, value] of Object.entries(params)) said[name] = typeof value === 'number' ? number(value, 3) : value;
  for (const name of WEIGHTS[code] ?? []) if (typeof params[name] === 'number') said[name] = kg(params[name]);
  if (AMOUNTS.has(code) && typeof params.max === 'number')
    said.max = money(params.max, typeof params.currency === 'string' ? params.currency : 'EUR');
  if (typeof params.field === 'string') said.field = fieldName(params.field);
  if (typeof params.fields === 'string') said.fields = params.fields.split(', ').map(fieldName).join(', ');
  if (code === 'codTypeRefused') {
    const typeName = (type: string) => {
      const key = `cod.type.${type}`;
      return hasMessage(key) ? `${type} ${t(key)}` : type;
    };
    said.type = typeName(String(params.type ?? ''));
    said.allowed = String(params.allowed ?? '')
      .split(', ')
      .map(typeName)
      .join(', ');
  }
  if (code === 'dutiesUnavailable') {
    const key = `exclusion.duties.${String(params.duties)}`;
    said.duties = hasMessage(key) ? t(key) : String(params.duties ?? '');
  }
  return t(`exclusion.${code}`, said);
}
