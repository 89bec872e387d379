// The engine's thread switches as a host reads them: threads unless the environment turns them off with '0'.
import { describe, expect, it } from 'vitest';
import { engineSwitches } from '../../../src/service/engineSwitches';

describe('the engine switches a host reads from its environment', () => {
  it('draws labels and checkpoints on threads when nothing is set', () => {
    expect(engineSwitches({})).toEqual({ labelThreads: true, checkpointThread: true });
  });

  it('turns each off with 0, and only with 0', () => {
    expect(engineSwitches({ STATION_LABEL_THREADS: '0' })).toEqual({ labelThreads: false, checkpointThread: true });
    expect(engineSwitches({ STATION_CHECKPOINT_THREAD: '0', STATION_LABEL_THREADS: '1' })).toEqual({
      labelThreads: true,
      checkpointThread: false,
    });
  });
});
