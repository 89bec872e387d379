// The session: which screen is open, what the station is (couriers, client ids, mode) and its settings, including the
// language. A store factory over the station API, so a test can build it against a real station.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandInput, CommandOutput } from '../../shared/ipc/commands';
import type { CommandError, Result } from '../../shared/ipc/result';
import type { Language, Settings } from '../../shared/ipc/views';
import { loadDictionary } from '../i18n/translate';
import type { StationApi } from '../stationApi';

export const SCREENS = [
  'new',
  'orders',
  'departing',
  'confirm',
  'manifests',
  'departed',
  'attention',
  'settings',
  'cod',
] as const;
export type Screen = (typeof SCREENS)[number];
/** The screen a bench opens on (the one the browser host's pre-drawn navigation bar marks as open). */
export const FIRST_SCREEN: Screen = 'new';

/** The pages of Settings, in the order the page list shows them (the printers first: a bench's first need). */
export const SETTINGS_PAGES = [
  'printers',
  'bench',
  'account',
  'senders',
  'couriers',
  'products',
  'boxes',
  'rules',
  'mail',
  'partners',
  'shops',
  'scale',
] as const;
export type SettingsPage = (typeof SETTINGS_PAGES)[number];

export type StationInfo = CommandOutput<'station.info'>;
export type StationStart = CommandOutput<'station.start'>;

export interface AppState {
  screen: Screen;
  /** The Settings page last opened in this session: F7 opens Settings there again. */
  settingsPage: SettingsPage;
  info: StationInfo | undefined;
  settings: Settings | undefined;
  language: Language;
  ready: boolean;
  error: CommandError | undefined;
  /** What the station is and its settings, from the start-up read (`station.start`: one already asked, or anew). */
  init(start?: Promise<Result<StationStart>>): Promise<void>;
  go(screen: Screen): void;
  /** Settings at one page (a hint elsewhere that says where to set something opens it there). */
  openSettings(page: SettingsPage): void;
  setLanguage(language: Language): Promise<void>;
  toggleLanguage(): Promise<void>;
  updateSettings(patch: CommandInput<'settings.update'>): Promise<Result<Settings>>;
  renewLocalApiKey(): Promise<Result<Settings>>;
  reloadSettings(): Promise<void>;
  testPrint(printerId: string): Promise<Result<{ jobId: number }>>;
  /** The first run is over: the settings say so and the bench opens on its screens. */
  finishSetup(): Promise<Result<Settings>>;
  senders(): Promise<Result<CommandOutput<'senders.list'>>>;
  partners(): Promise<Result<CommandOutput<'partners.list'>>>;
  partnerLog(clientId?: number): Promise<Result<CommandOutput<'partners.log'>>>;
  resendPartnerEvent(id: number): Promise<Result<CommandOutput<'partners.resend'>>>;
}

export type AppStore = StoreApi<AppState>;

/** The language to show once its words are here; Italian, which always is, when they could not be read. */
async function spoken(language: Language): Promise<Language> {
  return (await loadDictionary(language)) ? language : 'it';
}

export function createAppStore(api: StationApi): AppStore {
  return createStore<AppState>()((set, get) => ({
    screen: FIRST_SCREEN,
    settingsPage: 'printers',
    info: undefined,
    settings: undefined,
    language: 'it',
    ready: false,
    error: undefined,

    async init(start) {
      const answer = await (start ?? api.call('station.start', {}));
      set({
        info: answer.ok ? answer.value.info : undefined,
        settings: answer.ok ? answer.value.settings : undefined,
        language: answer.ok ? await spoken(answer.value.settings.language) : get().language,
        ready: true,
        error: answer.ok ? undefined : answer.error,
      });
    },

    go(screen) {
      set({ screen });
    },

    openSettings(page) {
      set({ screen: 'settings', settingsPage: page });
    },

    async setLanguage(language) {
      const previous = get().language;
      set({ language: await spoken(language) });
      const result = await get().updateSettings({ language });
      if (!result.ok) set({ language: previous });
    },

    async toggleLanguage() {
      await get().setLanguage(get().language === 'it' ? 'en' : 'it');
    },

    async updateSettings(patch) {
      const result = await api.call('settings.update', patch);
      if (result.ok) set({ settings: result.value, language: await spoken(result.value.language), error: undefined });
      else set({ error: result.error });
      return result;
    },

    async renewLocalApiKey() {
      const result = await api.call('settings.renewLocalApiKey', {});
      if (result.ok) set({ settings: result.value });
      return result;
    },

    testPrint: (printerId) => api.call('printing.testPrint', { printerId }),

    senders: () => api.call('senders.list', {}),
    async finishSetup() {
      const result = await api.call('setup.finish', {});
      if (result.ok) {
        const info = await api.call('station.info', {});
        set({ settings: result.value, ...(info.ok ? { info: info.value } : {}) });
      }
      return result;
    },
    partners: () => api.call('partners.list', {}),
    partnerLog: (clientId) => api.call('partners.log', { limit: 100, ...(clientId ? { clientId } : {}) }),
    resendPartnerEvent: (id) => api.call('partners.resend', { id }),

    async reloadSettings() {
      const result = await api.call('settings.get', {});
      if (result.ok) set({ settings: result.value, language: await spoken(result.value.language) });
    },
  }));
}
