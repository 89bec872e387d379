// The account's price lists (Settings, first run): which are imported, a file's text to import (one list, several, or
// a service config's "price_lists"), every problem of a refused file with its line, and removing them all. The file's
// text is the command's input as it is: the station reads it (jsonc, with lines) and changes nothing on a problem.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import { parseInput, type StationCalls } from './draft';

type Lists = CommandOutput<'pricing.lists'>;
export type ImportErrors = CommandOutput<'pricing.import'>['errors'];

export interface PriceListsState {
  loaded: Result<Lists> | undefined;
  /** The last refused file's problems, each with its line. */
  errors: ImportErrors;
  load(): Promise<void>;
  importText(text: string): Promise<Result<CommandOutput<'pricing.import'>>>;
  clear(): Promise<Result<Lists>>;
}

export type PriceListsDraft = StoreApi<PriceListsState>;

export function createPriceListsDraft(api: StationCalls): PriceListsDraft {
  return createStore<PriceListsState>()((set) => ({
    loaded: undefined,
    errors: [],

    async load() {
      set({ loaded: await api.call('pricing.lists', {}) });
    },

    async importText(text) {
      const checked = parseInput('pricing.import', { text });
      const result = checked.ok ? await api.call('pricing.import', checked.value) : checked;
      if (result.ok)
        set({
          errors: result.value.errors,
          loaded: { ok: true, value: { editable: true, lists: result.value.lists } },
        });
      return result;
    },

    async clear() {
      const result = await api.call('pricing.clear', {});
      if (result.ok) set({ errors: [], loaded: result });
      return result;
    },
  }));
}
