// The page's only door to the station: window.station = { invoke, on }, nothing else (ARCHITECTURE.md §2). Sandboxed,
// so it imports only `electron`; main validates every message. The channel names match src/main/ipcBridge.ts.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const INVOKE_CHANNEL = 'station:invoke';
const EVENT_CHANNEL = 'station:event';

contextBridge.exposeInMainWorld('station', {
  invoke: (name: string, input: unknown): Promise<unknown> => ipcRenderer.invoke(INVOKE_CHANNEL, { name, input }),
  /** Calls `listener` with each `{ name, payload }` event; returns the function that stops it. */
  on: (listener: (event: unknown) => void): (() => void) => {
    const forward = (_event: IpcRendererEvent, stationEvent: unknown): void => listener(stationEvent);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
});
