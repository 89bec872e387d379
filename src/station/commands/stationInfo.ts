// Station-wide commands: what the station is, its sync state, manifests, printers and the settings screen.
import { otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { PrinterView, Settings } from '../../shared/ipc/views';
import { queryEscposStatus } from '../../printing/transports/escpos';
import { parsePrinterUrl, printerUrlOf } from '../../printing/printerUrl';
import { NO_PRINTER_MESSAGE, probeNetworkPrinter } from '../../printing/discovery';
import type { PrinterConfig } from '../../printing/types';
import type { Station } from '../index';
import type { CommandContext, Handlers } from './context';
import { SETTING_KEYS as KEYS, savedAutoPrint } from '../settingKeys';
import { offeredCouriers, saveCatalog, savedCatalog, suggestedCouriers } from '../courierCatalog';
import { newCatalog, parseCatalog } from '../../shared/domain/courierCatalog';
import { readPriceListFile } from '../../engine/index';
import { savedPriceLists, savePriceLists, summaryOf } from '../priceLists';

function printerViews(station: Station): PrinterView[] {
  return (station.printing?.printers ?? []).map((p) => {
    const status = station.printing?.spooler.status(p.id);
    return {
      id: p.id,
      name: p.name,
      language: p.language,
      dpi: p.dpi,
      ...(p.receiptModel ? { receiptModel: p.receiptModel } : {}),
      url: printerUrlOf(p.target),
      status: status ? { state: status.state, message: status.message } : null,
    };
  });
}

function hasShipments(station: Station): boolean {
  const page = { search: '', offset: 0, limit: 1 };
  return (['departing', 'departed'] as const).some(
    (view) => station.engine.listShipments(station.caller, { ...page, view }).total > 0,
  );
}

export function settingsOf({ station, runtime }: CommandContext): Settings {
  const get = (key: string) => station.engine.settings.get(key);
  const keyStorage = runtime.keyStatus();
  return {
    mode: station.mode,
    remoteUrl: station.account.remoteUrl,
    apiKeyHint: station.syncBlocked ? '' : station.account.apiKeyHint,
    clientIds: station.account.clientIds,
    invoicedClients: station.engine.invoicedClients(station.caller),
    keyStorage: { available: keyStorage.available, encrypted: keyStorage.encrypted, message: keyStorage.message },
    connectionProblem: station.syncBlocked ?? '',
    printers: printerViews(station),
    labelPrinterId: station.printing?.labelPrinterId ?? '',
    labelFormat: get(KEYS.labelFormat) === 'PDF' ? 'PDF' : 'ZPL',
    autoPrint: station.printing?.autoPrint ?? savedAutoPrint(station.engine.settings, false),
    language: get(KEYS.language) === 'en' ? 'en' : 'it',
    mail: runtime.mailView(),
    setupDone: get(KEYS.setupDone) === '1' || hasShipments(station),
    localApi: station.localApiUrl !== undefined,
    localApiUrl: station.localApiUrl ?? '',
    localApiKey: station.localApiKey ?? '',
  };
}

const STANDALONE_LISTS =
  'Postazione autonoma: i prezzi sono quelli dei corrieri dimostrativi, i listini sono di un account';

export const stationHandlers: Handlers<
  | 'station.info'
  | 'sync.status'
  | 'catalog.get'
  | 'catalog.save'
  | 'pricing.lists'
  | 'senders.list'
  | 'setup.finish'
  | 'senders.save'
  | 'pricing.import'
  | 'pricing.clear'
  | 'manifests.list'
  | 'manifests.pdf'
  | 'manifests.show'
  | 'manifests.print'
  | 'printing.printers'
  | 'printing.testPrint'
  | 'printing.printLabels'
  | 'printing.savePrinters'
  | 'printing.discover'
  | 'printing.probe'
  | 'settings.get'
  | 'settings.update'
  | 'settings.renewLocalApiKey'
> = {
  'station.info'({ station, runtime }) {
    return ok({
      mode: station.mode,
      prefix: station.engine.sync?.prefix ?? '',
      clientIds: station.account.clientIds,
      canShowPdf: runtime.host.showPdf !== undefined,
      ...offeredCouriers(station),
      dropshipping: station.mode === 'connected' ? 'remote' : station.engine.mail ? 'station' : 'off',
      invoicedClients: station.engine.invoicedClients(station.caller),
    });
  },
  'catalog.get'({ station }) {
    if (station.mode !== 'connected') {
      const demo = { ...newCatalog(), couriers: station.engine.couriers() };
      return ok({ editable: false, catalog: demo, suggestions: [] });
    }
    const catalog = savedCatalog(station);
    return ok({ editable: true, catalog, suggestions: suggestedCouriers(catalog) });
  },
  'setup.finish'(ctx) {
    ctx.station.engine.settings.set(KEYS.setupDone, '1');
    return ok(settingsOf(ctx));
  },
  'senders.list'({ station }) {
    return ok(station.engine.senderProfiles(station.caller));
  },
  'senders.save'({ station }, { clientId, profile }) {
    const saved = station.engine.saveSenderProfile(station.caller, clientId, profile);
    if (saved.ok) return ok({ profile: saved.value });
    if ('notOwned' in saved) return fail('not_found', `Codice cliente ${clientId} non gestito da questa postazione`);
    return failFields(saved.fields);
  },
  'pricing.lists'({ station }) {
    return ok({ editable: station.mode === 'connected', lists: summaryOf(savedPriceLists(station)) });
  },
  'pricing.import'({ station }, { text }) {
    if (station.mode !== 'connected') return fail('refused', STANDALONE_LISTS);
    const read = readPriceListFile(text);
    const current = savedPriceLists(station);
    if (!read.ok) return ok({ editable: true, lists: summaryOf(current), errors: read.errors });
    const replaced = current.filter(
      (l) =>
        !read.lists.some(
          (n) =>
            n.corriere === l.corriere && n.servizio === l.servizio && n.invoiced_client_id === l.invoiced_client_id,
        ),
    );
    const lists = [...replaced, ...read.lists].sort((a, b) => a.corriere - b.corriere || a.servizio - b.servizio);
    savePriceLists(station, lists);
    return ok({ editable: true, lists: summaryOf(lists), errors: [] });
  },
  'pricing.clear'({ station }) {
    if (station.mode !== 'connected') return fail('refused', STANDALONE_LISTS);
    savePriceLists(station, []);
    return ok({ editable: true, lists: [] });
  },
  'catalog.save'({ station }, { catalog }) {
    if (station.mode !== 'connected')
      return fail('refused', 'Postazione autonoma: usa i corrieri dimostrativi, il catalogo è di un account collegato');
    const parsed = parseCatalog(catalog);
    if (!parsed.ok) return failFields(parsed.fields);
    saveCatalog(station, parsed.value);
    return ok({ catalog: parsed.value });
  },
  'sync.status'({ station }) {
    const status = station.sync?.status() ?? {
      online: true,
      paused: false,
      rateLimitedUntil: 0,
      keyMaybeRevoked: false,
      pending: 0,
      parked: 0,
      oldestPendingAgeMs: 0,
      lastError: '',
    };
    return ok({
      mode: station.mode,
      ...status,
      ...(station.syncBlocked ? { paused: true, lastError: station.syncBlocked } : {}),
    });
  },
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
  'printing.printers'({ station }) {
    return ok(printerViews(station));
  },
  'printing.testPrint'({ station }, { printerId }) {
    const jobId = station.printing?.testPrint(printerId);
    return jobId === undefined ? fail('not_found', 'Stampante di etichette non trovata') : ok({ jobId });
  },
  'printing.printLabels'({ station }, { ids, reprintReason }) {
    if (!station.printing) return fail('refused', 'Nessuna stampante configurata');
    return ok(station.printing.printLabels(ids, reprintReason ? { reprintReason } : {}));
  },
  async 'printing.savePrinters'({ station }, { printers, labelPrinterId }) {
    const configs: PrinterConfig[] = [];
    const fields: FieldIssues = {};
    printers.forEach((p, i) => {
      const target = parsePrinterUrl(p.url);
      if (target.ok)
        configs.push({
          id: p.id,
          name: p.name,
          language: p.language,
          dpi: p.dpi,
          ...(p.language === 'ESCPOS' ? { receiptModel: p.receiptModel ?? 'epson' } : {}),
          target: target.value,
        });
      else fields[`printers.${i}.url`] = otherIssue(target.error);
    });
    if (Object.keys(fields).length > 0) return failFields(fields);
    if (new Set(configs.map((c) => c.id)).size !== configs.length)
      return fail('invalid', 'Ogni stampante deve avere un codice diverso');
    if (labelPrinterId && !configs.some((c) => c.id === labelPrinterId))
      return fail('invalid', 'Stampante etichette non presente nella lista');
    await station.setPrinters(configs, labelPrinterId);
    return ok(printerViews(station));
  },
  async 'printing.probe'({ station }, { url, language }) {
    const parsed = parsePrinterUrl(url);
    if (!parsed.ok) return fail('invalid', parsed.error, { url: otherIssue(parsed.error) });
    const target = parsed.value;
    if (target.kind !== 'tcp') return fail('invalid', 'Solo le stampanti di rete (tcp://) si possono verificare così');
    if (language === 'ESCPOS') {
      const receipt = await queryEscposStatus(target.host, target.port, 2000);
      if (receipt.state === 'unreachable')
        return ok({ reachable: false, state: 'unreachable', message: receipt.message });
      station.noteProbedStatus(target, receipt);
      return ok({ reachable: true, state: receipt.state, message: receipt.message });
    }
    const status = await probeNetworkPrinter(target.host, target.port, 2000);
    if (!status) return ok({ reachable: false, state: 'unreachable', message: NO_PRINTER_MESSAGE });
    // What the check just read is what the bench should see for that printer, not "unknown" until a label prints.
    station.noteProbedStatus(target, status);
    return ok({ reachable: true, state: status.state, message: status.message });
  },
  async 'printing.discover'({ station }) {
    return ok(await station.discoverQueues());
  },
  'settings.get'(ctx) {
    return ok(settingsOf(ctx));
  },
  async 'settings.update'(ctx, input) {
    const { station } = ctx;
    if (input.localApi !== undefined) await station.setLocalApi(input.localApi);
    if (input.language) station.engine.settings.set(KEYS.language, input.language);
    if (input.labelFormat) station.engine.settings.set(KEYS.labelFormat, input.labelFormat);
    if (input.autoPrint !== undefined) {
      station.engine.settings.set(KEYS.autoPrint, input.autoPrint ? '1' : '0');
      station.printing?.setAutoPrint(input.autoPrint);
    }
    return ok(settingsOf(ctx));
  },
  'settings.renewLocalApiKey'(ctx) {
    if (!ctx.station.renewLocalApiKey()) {
      return fail('refused', "Postazione collegata: l'API locale accetta la chiave API del servizio remoto");
    }
    return ok(settingsOf(ctx));
  },
};
