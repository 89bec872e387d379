// The session: which screen is open, what the station is (couriers, client ids, mode) and its settings, including the
// language. A store factory over the station API, so a test can build it against a real station.
import type { PrinterLanguage } from '../../shared/domain/printers';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandInput, CommandOutput } from '../../shared/ipc/commands';
import type { CommandError, Result } from '../../shared/ipc/result';
import type { Language, PrinterView, Settings } from '../../shared/ipc/views';
import type { StationApi } from '../stationApi';

export const SCREENS = ['new', 'orders', 'departing', 'confirm', 'manifests', 'departed', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

export type StationInfo = CommandOutput<'station.info'>;

export interface AppState {
  screen: Screen;
  info: StationInfo | undefined;
  settings: Settings | undefined;
  language: Language;
  ready: boolean;
  error: CommandError | undefined;
  init(): Promise<void>;
  go(screen: Screen): void;
  setLanguage(language: Language): Promise<void>;
  toggleLanguage(): Promise<void>;
  updateSettings(patch: CommandInput<'settings.update'>): Promise<Result<Settings>>;
  renewLocalApiKey(): Promise<Result<Settings>>;
  reloadSettings(): Promise<void>;
  testPrint(printerId: string): Promise<Result<{ jobId: number }>>;
  savePrinters(input: CommandInput<'printing.savePrinters'>): Promise<Result<PrinterView[]>>;
  discoverQueues(): Promise<Result<CommandOutput<'printing.discover'>>>;
  probePrinter(url: string, language?: PrinterLanguage): Promise<Result<CommandOutput<'printing.probe'>>>;
  courierCatalog(): Promise<Result<CommandOutput<'catalog.get'>>>;
  /** Saves the connection's catalog; the picker follows at once. */
  saveCourierCatalog(catalog: unknown): Promise<Result<CommandOutput<'catalog.save'>>>;
  /** The first run is over: the settings say so and the bench opens on its screens. */
  finishSetup(): Promise<Result<Settings>>;
  senders(): Promise<Result<CommandOutput<'senders.list'>>>;
  saveSender(clientId: number, profile: unknown): Promise<Result<CommandOutput<'senders.save'>>>;
  priceLists(): Promise<Result<CommandOutput<'pricing.lists'>>>;
  partners(): Promise<Result<CommandOutput<'partners.list'>>>;
  savePartner(input: CommandInput<'partners.save'>): Promise<Result<CommandOutput<'partners.save'>>>;
  partnerLog(clientId?: number): Promise<Result<CommandOutput<'partners.log'>>>;
  resendPartnerEvent(id: number): Promise<Result<CommandOutput<'partners.resend'>>>;
  importPriceLists(text: string): Promise<Result<CommandOutput<'pricing.import'>>>;
  clearPriceLists(): Promise<Result<CommandOutput<'pricing.clear'>>>;
  /** Saves the mail server (checked by the station); the station restarts on it and is read again. */
  changeMail(input: CommandInput<'settings.mail'>): Promise<Result<CommandOutput<'settings.mail'>>>;
  changeConnection(input: CommandInput<'settings.connection'>): Promise<Result<CommandOutput<'settings.connection'>>>;
}

export type AppStore = StoreApi<AppState>;

export function createAppStore(api: StationApi): AppStore {
  return createStore<AppState>()((set, get) => ({
    screen: 'new',
    info: undefined,
    settings: undefined,
    language: 'it',
    ready: false,
    error: undefined,

    async init() {
      const [info, settings] = await Promise.all([api.call('station.info', {}), api.call('settings.get', {})]);
      set({
        info: info.ok ? info.value : undefined,
        settings: settings.ok ? settings.value : undefined,
        language: settings.ok ? settings.value.language : get().language,
        ready: true,
        error: !info.ok ? info.error : !settings.ok ? settings.error : undefined,
      });
    },

    go(screen) {
      set({ screen });
    },

    async setLanguage(language) {
      const previous = get().language;
      set({ language });
      const result = await get().updateSettings({ language });
      if (!result.ok) set({ language: previous });
    },

    async toggleLanguage() {
      await get().setLanguage(get().language === 'it' ? 'en' : 'it');
    },

    async updateSettings(patch) {
      const result = await api.call('settings.update', patch);
      if (result.ok) set({ settings: result.value, language: result.value.language, error: undefined });
      else set({ error: result.error });
      return result;
    },

    async renewLocalApiKey() {
      const result = await api.call('settings.renewLocalApiKey', {});
      if (result.ok) set({ settings: result.value });
      return result;
    },

    testPrint: (printerId) => api.call('printing.testPrint', { printerId }),

    discoverQueues: () => api.call('printing.discover', {}),
    probePrinter: (url, language = 'ZPL') => api.call('printing.probe', { url, language }),

    async savePrinters(input) {
      const result = await api.call('printing.savePrinters', input);
      if (result.ok) await get().reloadSettings();
      return result;
    },

    courierCatalog: () => api.call('catalog.get', {}),
    priceLists: () => api.call('pricing.lists', {}),
    senders: () => api.call('senders.list', {}),
    async finishSetup() {
      const result = await api.call('setup.finish', {});
      if (result.ok) {
        const info = await api.call('station.info', {});
        set({ settings: result.value, ...(info.ok ? { info: info.value } : {}) });
      }
      return result;
    },
    saveSender: (clientId, profile) => api.call('senders.save', { clientId, profile }),
    partners: () => api.call('partners.list', {}),
    savePartner: (input) => api.call('partners.save', input),
    partnerLog: (clientId) => api.call('partners.log', { limit: 100, ...(clientId ? { clientId } : {}) }),
    resendPartnerEvent: (id) => api.call('partners.resend', { id }),
    importPriceLists: (text) => api.call('pricing.import', { text }),
    clearPriceLists: () => api.call('pricing.clear', {}),

    async saveCourierCatalog(catalog) {
      const result = await api.call('catalog.save', { catalog });
      if (result.ok) {
        const info = await api.call('station.info', {});
        if (info.ok) set({ info: info.value });
      }
      return result;
    },

    async changeMail(input) {
      const result = await api.call('settings.mail', input);
      if (result.ok) await get().init();
      return result;
    },

    async changeConnection(input) {
      const result = await api.call('settings.connection', input);
      // The station restarted: what it is (mode, couriers, client ids) is read again with its settings.
      if (result.ok) await get().init();
      return result;
    },

    async reloadSettings() {
      const result = await api.call('settings.get', {});
      if (result.ok) set({ settings: result.value, language: result.value.language });
    },
  }));
}
