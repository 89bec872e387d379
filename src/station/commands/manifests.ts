// Manifests at the bench: the list, the PDF, the desktop app's preview with print, and printing on a PDF printer.
import { fail, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

export const manifestHandlers: Handlers<'manifests.list' | 'manifests.pdf' | 'manifests.show' | 'manifests.print'> = {
  'manifests.list'({ station }) {
    return ok(
      station.engine.listManifests(station.caller).map((m) => ({
        id: m.id,
        createdAt: m.created_at,
        clientIds: JSON.parse(m.client_ids) as number[],
        shipments: m.shipments,
        colli: m.colli,
        peso: m.peso,
      })),
    );
  },
  async 'manifests.pdf'({ station }, { id }) {
    const pdf = await station.engine.getManifestPdf(station.caller, id);
    return pdf ? ok({ base64: pdf.toString('base64') }) : fail('not_found', 'Distinta non trovata');
  },
  async 'manifests.show'({ station, runtime }, { id }) {
    const show = runtime.host.showPdf;
    if (!show)
      return fail('refused', "L'anteprima con stampa è dell'app desktop: qui usa «Salva PDF» o una stampante PDF");
    const pdf = await station.engine.getManifestPdf(station.caller, id);
    if (!pdf) return fail('not_found', 'Distinta non trovata');
    const shown = await show(pdf, `Distinta ${id}`);
    return shown.ok ? ok({}) : fail('refused', shown.message);
  },
  async 'manifests.print'({ station }, { id, printerId }) {
    const jobId = await station.printing?.printManifest(id, printerId);
    return jobId === undefined ? fail('refused', 'Distinta o stampante PDF non trovata') : ok({ jobId });
  },
};
