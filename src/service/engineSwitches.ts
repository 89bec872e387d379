// The engine's two thread switches as the hosts read them from their environment (the service, the station, the
// benchmarks): on unless set to '0'. The engine itself never reads the environment; it draws and checkpoints on its
// own thread unless a host asks for threads, so an engine made in a test needs no switch.
import type { EngineDeps } from '../engine/index';

export type EngineSwitches = Required<Pick<EngineDeps, 'labelThreads' | 'checkpointThread'>>;

/** STATION_LABEL_THREADS=0 draws labels on the calling thread; STATION_CHECKPOINT_THREAD=0 checkpoints in commits. */
export function engineSwitches(env: NodeJS.ProcessEnv = process.env): EngineSwitches {
  return {
    labelThreads: env.STATION_LABEL_THREADS !== '0',
    checkpointThread: env.STATION_CHECKPOINT_THREAD !== '0',
  };
}
