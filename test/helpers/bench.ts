// A bench as the settings screen drives it: a station runtime over a fresh (or given) data folder with a plain key
// store, and its commands typed by name. Runtimes opened here are closed after each test.
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { CommandName, CommandOutput } from '../../src/shared/ipc/commands';
import type { Result } from '../../src/shared/ipc/result';
import { createDispatcher } from '../../src/station/dispatch';
import { createKeyStore, plainCodec } from '../../src/station/settings/keyStore';
import { startStationRuntime, type StationRuntime } from '../../src/station/runtime';
import { CLIENT_IDS, REMOTE_KEY } from './syncSetup';
import { tempDir } from './tmp';

export interface Bench {
  dataDir: string;
  runtime: StationRuntime;
  call<N extends CommandName>(name: N, input: unknown): Promise<Result<CommandOutput<N>>>;
  /** Closes this bench now (a restart on the same folder follows). */
  close(): Promise<void>;
}

/** Call once per test file: returns the opener; every bench it opened is closed after each test. */
export function useBenches(): (dataDir?: string) => Promise<Bench> {
  const running = new Set<StationRuntime>();
  afterEach(async () => {
    for (const runtime of running) await runtime.close();
    running.clear();
  });
  return async (dataDir = tempDir()) => {
    const runtime = await startStationRuntime({
      dataDir,
      keyStore: createKeyStore(join(dataDir, 'secrets.json'), plainCodec()),
      station: { sync: { retry: { baseMs: 50, maxMs: 200 }, rateLimits: false } },
      checkTimeoutMs: 2_000,
    });
    running.add(runtime);
    const dispatcher = createDispatcher(runtime);
    return {
      dataDir,
      runtime,
      call: (name, input) => dispatcher.dispatch(name, input) as never,
      async close() {
        running.delete(runtime);
        await runtime.close();
      },
    };
  };
}

/** Connects a bench to the remote at `remoteUrl` with the test account's key and client ids, as Settings does. */
export async function connectBench(bench: Bench, remoteUrl: string): Promise<CommandOutput<'settings.connection'>> {
  return value(
    await bench.call('settings.connection', {
      mode: 'connected',
      remoteUrl,
      apiKey: REMOTE_KEY,
      clientIds: CLIENT_IDS.join(', '),
    }),
  );
}

/** The value of a command that must succeed; its error otherwise, as the failure. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
