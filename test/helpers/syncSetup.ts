// A remote (our own service, run in the test's process as `npm run serve` composes it) and, in front of it, the
// fault-injecting proxy: the peers every sync test talks to. The station under test is created per test against
// `proxy.url`.
import { afterAll, beforeAll } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../peers/faultProxy';
import { startServiceInProcess, type RunningService } from '../peers/service';
import { apiClient, type ApiClient } from './api';
import { removeTempDirs, tempDir } from './tmp';
import type { StationOptions } from '../../src/station/index';

export const REMOTE_KEY = 'remote-key-0123456789-abcdef';
export const CLIENT_IDS = [1001, 1002];

export interface RemoteHandle {
  readonly remote: RunningService;
  readonly proxy: FaultProxy;
  /** Straight to the remote, bypassing the proxy: what the remote really holds. */
  readonly direct: ApiClient;
}

export function useRemote(): RemoteHandle {
  let remote: RunningService | undefined;
  let proxy: FaultProxy | undefined;
  beforeAll(async () => {
    remote = await startServiceInProcess({
      dataDir: tempDir(),
      config: { instance: 'acme', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }], throttle: false },
    });
    proxy = await startFaultProxy(remote.baseUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await remote?.stop();
    removeTempDirs();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('remote not started yet');
    return value;
  };
  return {
    get remote() {
      return need(remote);
    },
    get proxy() {
      return need(proxy);
    },
    get direct() {
      return apiClient(need(remote).baseUrl, REMOTE_KEY);
    },
  };
}

/** Exactly once: the remote answers 200 for the reference (404 = lost, 400 "non univoco" = duplicated). */
export async function remoteCopies(direct: ApiClient, ddtAlpha: string): Promise<'one' | 'none' | 'several'> {
  const found = await direct.request('GET', `/ShipmentByDdtalpha?ddt_alpha=${encodeURIComponent(ddtAlpha)}`);
  if (found.status === 200) return 'one';
  if (found.status === 404) return 'none';
  if (found.status === 400) return 'several';
  throw new Error(`unexpected answer ${found.status}: ${JSON.stringify(found.body)}`);
}

/**
 * A connected station's options for the sync tests: a new data folder, the remote's key and clients, no pacing,
 * quick retries, no re-reading; anything given wins (field by field in `sync`).
 */
export function connectedOptions(remoteUrl: string, overrides: Partial<StationOptions> = {}): StationOptions {
  return {
    dataDir: tempDir(),
    remoteUrl,
    apiKey: REMOTE_KEY,
    clientIds: CLIENT_IDS,
    ...overrides,
    sync: { rateLimits: false, retry: { baseMs: 10, maxMs: 200 }, refreshEveryMs: 60_000, ...overrides.sync },
  };
}
