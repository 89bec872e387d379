// A shipment's customs papers for the bench: its invoice (commercial or proforma) or CN23, as the engine keeps them.
import { fail, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

const REFUSED = {
  notFound: 'Spedizione non trovata',
  noLines: 'La spedizione non ha righe merce: la fattura si fa dalle righe',
  noCn23: 'Il corriere della spedizione non chiede il CN23',
} as const;

export const customsDocumentHandlers: Handlers<'shipments.invoice'> = {
  async 'shipments.invoice'({ station }, { id, document }) {
    const result = await station.engine.customsDocument(station.caller, id, document);
    if (!result.ok) return fail(result.reason === 'notFound' ? 'not_found' : 'refused', REFUSED[result.reason]);
    return ok({ base64: result.pdf.toString('base64'), name: result.name, kind: result.kind });
  },
};
