// The spec's API on 127.0.0.1 for shop programs on the same computer, over the station's engine: on from the command
// line's port or the settings screen's switch (saved for the next start), answering the remote's instance segment.
import type { Engine } from '../../engine/index';
import { startServer, type RunningServer } from '../../service/server';
import type { Log } from '../../shared/log';
import { SETTING_KEYS } from '../settings/keys';

export interface LocalApi {
  readonly url: string | undefined;
  /** Starts it on `port` (0: any free one) if it is not running. */
  start(port: number): Promise<void>;
  /** Switches it on or off and saves the choice. */
  set(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

/** The instance segment the local API answers: the remote's, so a shop program only changes host and port. */
export function instanceOf(remoteUrl: string | undefined): string {
  if (!remoteUrl) return 'station';
  const segment = new URL(remoteUrl).pathname.split('/').filter(Boolean).pop();
  return segment && /^[A-Za-z0-9_-]{1,64}$/.test(segment) ? segment : 'station';
}

export function localApiOf(engine: Engine, remoteUrl: string | undefined, log: Log): LocalApi {
  let server: RunningServer | undefined;
  const instance = instanceOf(remoteUrl);
  const api: LocalApi = {
    get url() {
      return server?.baseUrl;
    },
    async start(port) {
      server ??= await startServer(engine, {
        instance,
        throttle: false,
        host: '127.0.0.1',
        port,
        loopbackOnly: true,
        log,
      });
    },
    async set(on) {
      engine.settings.set(SETTING_KEYS.localApi, on ? '1' : '0');
      if (on) await api.start(0);
      else await api.stop();
    },
    async stop() {
      const running = server;
      server = undefined;
      await running?.close();
    },
  };
  return api;
}

/** The local API's port: the command line's wins; otherwise the settings screen's choice (off unless switched on). */
export function localApiPort(engine: Engine, given: number | undefined): number | undefined {
  if (given !== undefined) return given;
  return engine.settings.get(SETTING_KEYS.localApi) === '1' ? 0 : undefined;
}
