// The renderer's only way to the station, chosen at run time: Electron's preload bridge (window.station) when it is
// there, otherwise the station's browser host on loopback (POST /api/command, server-sent events on /api/events).
// Both carry the one command table; ./stationApi checks answers and events against its schemas before a store sees
// them.
import { asResult, localError, RECONNECTED, type RawEvent, type Transport } from './stationApi';

export { createStationApi, type AnyStationEvent, type StationApi, type Transport } from './stationApi';

declare global {
  interface Window {
    station?: Transport;
  }
}

const TOKEN_KEY = 'station.token';

/**
 * The browser host's token: from the page address the first time (then dropped from the address bar so it does not
 * end up in screenshots or history), from the origin's storage after a reload or in a bookmarked tab (the station
 * keeps its token and port across restarts, so the origin's storage still holds the right one).
 */
function stationToken(location: Location, history: History | undefined, storage: Storage | undefined): string {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    storage?.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history?.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage?.getItem(TOKEN_KEY) ?? '';
}

export interface HttpTransportOptions {
  token: string;
  /** Origin of the browser host; the page's own origin by default. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  eventSource?: (url: string) => EventSource;
  /** The station refused the token (an address of another station, or of a data folder since emptied). */
  onRefused?: () => void;
}

/** Commands over `POST /api/command`, events over one EventSource opened with the first listener. */
function createHttpTransport(options: HttpTransportOptions): Transport {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const openSource = options.eventSource ?? ((url: string) => new EventSource(url));
  const listeners = new Set<(event: RawEvent) => void>();
  let source: EventSource | undefined;

  const emit = (event: RawEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  // The first time the stream opens (or fails), the stores' start-up read may go: what happened before is in what it
  // reads, and what happens after arrives as events. Each later opening follows a break, in which events were lost:
  // the stores read again (a first opening after a failure too, since the start-up read went before it).
  let flowing: (() => void) | undefined;
  const firstOpen = new Promise<void>((resolve) => {
    flowing = resolve;
  });
  const settle = (): boolean => {
    if (!flowing) return false;
    flowing();
    flowing = undefined;
    return true;
  };

  const open = () => {
    source = openSource(`${base}/api/events?token=${encodeURIComponent(options.token)}`);
    source.onopen = () => {
      if (!settle()) emit({ name: RECONNECTED, payload: {} });
    };
    source.onerror = () => {
      settle();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: unknown;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (typeof event !== 'object' || event === null) return;
      const { name, payload } = event as Record<string, unknown>;
      if (typeof name !== 'string') return;
      emit({ name, payload });
    };
  };

  return {
    async invoke(name, input) {
      let response: Response;
      try {
        response = await doFetch(`${base}/api/command`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-station-token': options.token },
          body: JSON.stringify({ name, input }),
        });
      } catch {
        return localError('unreachable');
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return localError('bad_answer');
      }
      const result = asResult(body) ?? localError('bad_answer');
      // Only the token check answers 403 (a foreign Host is 421).
      if (response.status === 403 && !result.ok && result.error.code === 'refused') options.onRefused?.();
      return result;
    },
    eventsFlowing: () => firstOpen,
    on(listener) {
      listeners.add(listener);
      if (!source) open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = undefined;
        }
      };
    },
  };
}

/**
 * Electron's bridge when the preload put one there, else the browser host of the page's own origin, which calls
 * `onRefused` when the station refuses the page's token.
 */
export function pickTransport(win: Window, onRefused?: () => void): Transport {
  if (win.station) return win.station;
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    storage = undefined;
  }
  return createHttpTransport({ token: stationToken(win.location, win.history, storage), onRefused });
}
