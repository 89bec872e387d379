// What both lists of a shop's log share (ShopLogDialog's fulfilments, ShopStatesLog's parcel states): the words and
// the badge of pending, sent and given up, and the reading of a list again while the dialog is open, so what is on its
// way is seen arriving, and at once after "Invia di nuovo".
import { useEffect, useState } from 'react';
import type { Result } from '../../../shared/ipc/result';
import type { ShopLogEntry } from '../../../shared/ipc/shopCommands';
import type { MessageKey } from '../../i18n';

export const STATE_TEXT: Record<ShopLogEntry['state'], MessageKey> = {
  pending: 'shops.state.pending',
  sent: 'shops.state.sent',
  failed: 'shops.state.failed',
};
export const STATE_BADGE: Record<ShopLogEntry['state'], string> = { pending: 'waiting', sent: 'ok', failed: 'error' };

const REFRESH_MS = 2_000;

/** The list `read` answers, read now and every 2 s while shown; `reload` reads it again at once. */
export function useRefreshedList<T>(read: () => Promise<Result<T[]>>, key: unknown): [T[] | undefined, () => void] {
  const [list, setList] = useState<T[] | undefined>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      void read().then((result) => {
        if (live && result.ok) setList(result.value);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // `read` is made anew each render; `key` says what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);
  return [list, () => setGeneration((n) => n + 1)];
}
