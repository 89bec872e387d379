// The settings screen: what it shows (settingsOf), its simple choices, the local API key, and the connection and mail
// forms, which the runtime checks before it restarts the station; each answer carries the settings of the station
// that now runs.
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { Settings } from '../../shared/ipc/views';
import {
  DEFAULT_INVOICE_PREFIX,
  invoiceNumberingOf,
  nextInvoiceNumber,
  upcomingInvoiceNumber,
} from '../../engine/index';
import { savedLanguage, setupDone } from '../settings/firstLook';
import { sharesShopNumbering } from '../settings/invoiceSeries';
import { SETTING_KEYS as KEYS, noteAutoPrintSince, savedAutoPrint, savedInvoiceCopies } from '../settings/keys';
import type { CommandContext, Handlers } from './context';
import { printerViews } from './printing';
import { quietDaysOf } from '../tracking/attention';
import { itemCheckClients, setItemCheckClients } from '../settings/itemCheck';
import { QUEUE_MSG } from '../sharedQueue/messages';

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
    goodsDefault: get(KEYS.goodsDefault) ?? '',
    invoiceCopies: savedInvoiceCopies(station.engine.settings),
    invoicePrefix: get(KEYS.invoicePrefix) ?? DEFAULT_INVOICE_PREFIX,
    invoiceNext: nextInvoiceNumber(station.engine.settings, String(new Date().getFullYear())),
    invoiceSeries: invoiceNumberingOf(station.engine.settings).series,
    invoiceUpcoming: upcomingInvoiceNumber(station.engine.settings, String(new Date().getFullYear())),
    invoiceSeriesRequired: sharesShopNumbering(station.mode === 'connected', station.engine.settings),
    language: savedLanguage(station),
    attentionDays: quietDaysOf(station.engine.settings),
    mail: runtime.mailView(),
    recipientMail: get(KEYS.recipientMail) === '1',
    itemCheckClients: itemCheckClients(station),
    weighBatchParcels: get(KEYS.weighBatchParcels) === '1',
    sharedQueueBench: station.sharedQueue ? (station.sharedQueue.bench ?? '') : null,
    setupDone: setupDone(station),
    localApi: station.localApiUrl !== undefined,
    localApiUrl: station.localApiUrl ?? '',
    localApiKey: station.localApiKey ?? '',
  };
}

export const settingsHandlers: Handlers<
  'settings.get' | 'settings.update' | 'settings.renewLocalApiKey' | 'settings.connection' | 'settings.mail'
> = {
  'settings.get'(ctx) {
    return ok(settingsOf(ctx));
  },
  async 'settings.update'(ctx, input) {
    const { station } = ctx;
    // The numbering first: refused (a number already given), nothing of this update is kept.
    if (input.invoicePrefix !== undefined || input.invoiceNext !== undefined || input.invoiceSeries !== undefined) {
      const numbering = station.engine.changeInvoiceNumbering(String(new Date().getFullYear()), {
        prefix: input.invoicePrefix,
        series: input.invoiceSeries,
        next: input.invoiceNext,
      });
      if (!numbering.ok) return failFields(numbering.fields);
    }
    if (input.itemCheckClients !== undefined) {
      const refused = setItemCheckClients(station, input.itemCheckClients);
      if (refused) return fail('invalid', refused);
    }
    if (input.sharedQueueBench !== undefined) {
      if (!station.sharedQueue) return fail('refused', QUEUE_MSG.needsRemote);
      const named = station.sharedQueue.setBench(input.sharedQueueBench);
      if (!named.ok) return named;
    }
    if (input.localApi !== undefined) await station.setLocalApi(input.localApi);
    if (input.language) station.engine.settings.set(KEYS.language, input.language);
    if (input.labelFormat) station.engine.settings.set(KEYS.labelFormat, input.labelFormat);
    if (input.goodsDefault !== undefined)
      station.engine.settings.set(KEYS.goodsDefault, input.goodsDefault.trim().replace(/\s+/g, ' '));
    if (input.attentionDays !== undefined) {
      station.engine.settings.set(KEYS.attentionDays, String(input.attentionDays));
      station.attentionChanged();
    }
    if (input.invoiceCopies !== undefined) station.engine.settings.set(KEYS.invoiceCopies, String(input.invoiceCopies));
    if (input.weighBatchParcels !== undefined)
      station.engine.settings.set(KEYS.weighBatchParcels, input.weighBatchParcels ? '1' : '0');
    if (input.recipientMail !== undefined)
      station.engine.settings.set(KEYS.recipientMail, input.recipientMail ? '1' : '0');
    if (input.autoPrint !== undefined) {
      const wasOn = station.printing?.autoPrint ?? savedAutoPrint(station.engine.settings, false);
      if (input.autoPrint && !wasOn) noteAutoPrintSince(station.engine.settings, Date.now());
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
  async 'settings.mail'({ runtime }, input) {
    const changed = await runtime.changeMail(input);
    if (!changed.ok) return changed;
    return ok({ ...changed.value, settings: settingsOf({ station: runtime.station, runtime }) });
  },
  async 'settings.connection'({ runtime }, input) {
    const changed = await runtime.changeConnection(input);
    if (!changed.ok) return changed;
    return ok({ ...changed.value, settings: settingsOf({ station: runtime.station, runtime }) });
  },
};
