// A station's command table as the tests use it: the renderer's typed API over a real station's dispatcher (what the
// Electron bridge and the browser host carry), and a command's answer unwrapped, its error thrown with code and text.
import type { Station } from '../../src/station/index';
import { createDispatcher } from '../../src/station/dispatch';
import { createStationApi, type StationApi, type Transport } from '../../src/renderer/stationApi';
import type { Result } from '../../src/shared/ipc/result';

export function rendererApiOver(station: Station): StationApi {
  const dispatcher = createDispatcher(station);
  const transport: Transport = {
    invoke: (name, input) => dispatcher.dispatch(name, input),
    on: (listener) => dispatcher.onEvent(listener),
  };
  return createStationApi(transport);
}

export function commandValue<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
