// Recent recipients in the new-shipment form: searched by name as the operator types (debounced; only the latest
// search's answer is shown), closed, and one picked to fill the recipient's fields.
import type { StationApi } from '../../stationApi';
import type { LookupHost, LookupState, Recipient } from './lookupState';

export interface RecentLookup {
  search(text: string): void;
  close(): void;
  pick(recipient: Recipient): void;
}

export function createRecentLookup(
  api: StationApi,
  set: (patch: Partial<LookupState>) => void,
  get: () => LookupHost,
  delay: number,
): RecentLookup {
  let recentSeq = 0;
  let recentTimer: ReturnType<typeof setTimeout> | undefined;

  const lookup: RecentLookup = {
    search(text) {
      if (recentTimer) clearTimeout(recentTimer);
      recentTimer = setTimeout(async () => {
        recentTimer = undefined;
        const seq = ++recentSeq;
        const result = await api.call('addresses.recent', { search: text.trim().slice(0, 100) });
        if (seq !== recentSeq) return;
        set({ recent: result.ok ? result.value : [], recentOpen: result.ok && result.value.length > 0 });
      }, delay);
    },

    close() {
      recentSeq += 1;
      if (recentTimer) clearTimeout(recentTimer);
      set({ recentOpen: false });
    },

    pick(recipient) {
      lookup.close();
      get().setValues({ ...recipient });
    },
  };
  return lookup;
}
