// A command error as the operator reads it, decided by its code: the codes that say it all are said in the operator's
// language; the others carry the station's own words about this case, shown as they came.
import { SELF_SPEAKING_CODES, type CommandError } from '../../shared/ipc/result';
import type { MessageKey, Translate } from '../i18n/translate';

const KEYS: Record<(typeof SELF_SPEAKING_CODES)[number], MessageKey> = {
  unavailable: 'error.unavailable',
  unreachable: 'error.unreachable',
  bad_answer: 'error.badAnswer',
  no_shipment: 'error.noShipment',
};

export function errorText(t: Translate, error: CommandError): string {
  return Object.hasOwn(KEYS, error.code) ? t(KEYS[error.code as keyof typeof KEYS]) : error.message;
}
