// The packing bench's wait for the next parcel's weight: it ends with the first weight the scale store will give (a
// stable one, on a pan changed since the last parcel), with a refusal as soon as the pan reads over the scale's
// capacity, or with nothing when stopped or after WEIGHT_WAIT_MS; until then the bench says what it waits for (clear
// the pan, put the parcel on, let it settle).
import type { MessageKey, Params } from '../../i18n/translate';
import type { NextWeight, ScaleStore } from '../scaleStore';
import type { FormStore } from './formState';

/** How long a weighing waits for the pan (a parcel put on, taken off, settling) before the operator presses Enter. */
export const WEIGHT_WAIT_MS = 60_000;
/** A reading goes stale with no event from the station: the wait looks again this often. */
const RECHECK_MS = 200;

type Obstacle = Exclude<Extract<NextWeight, { ok: false }>['why'], 'overCapacity'>;

const OBSTACLE: Record<Obstacle, MessageKey> = {
  samePan: 'scan.clearPan',
  unstable: 'scan.settling',
  empty: 'scan.putParcel',
  stale: 'scan.noReading',
  noReading: 'scan.noReading',
};

export type Weight = Extract<NextWeight, { ok: true }>;
/**
 * A weight, or the weighing refused: the pan read more than the scale weighs. A refused weighing ends there, so that
 * whatever is put on the pan next (most often the next order's parcel) is never taken for this order.
 */
export type WeighOutcome = Weight | { ok: false; why: 'overCapacity' };

export interface WeightWait {
  /** The next parcel's weight once the pan gives one, or its refusal; undefined when stopped or when it ran out. */
  wait(): Promise<WeighOutcome | undefined>;
  /** Ends the wait under way, if any, with no weight. */
  stop(): void;
}

export function createWeightWait(
  form: FormStore,
  scale: ScaleStore,
  note: (key: MessageKey, params?: Params) => void,
): WeightWait {
  let stopWaiting: (() => void) | undefined;
  const stop = () => stopWaiting?.();

  function wait(): Promise<WeighOutcome | undefined> {
    stop();
    return new Promise((done) => {
      const finish = (outcome: WeighOutcome | undefined) => {
        clearTimeout(timer);
        clearInterval(recheck);
        unsubscribe();
        stopWaiting = undefined;
        done(outcome);
      };
      const check = () => {
        const next = scale.getState().next();
        if (next.ok) return finish(next);
        if (next.why === 'overCapacity') return finish({ ok: false, why: 'overCapacity' });
        const { weighed, parcels } = form.getState();
        note(OBSTACLE[next.why], { n: weighed + 1, total: parcels.length, kg: next.kg ?? 0 });
      };
      const unsubscribe = scale.subscribe(check);
      const recheck = setInterval(check, RECHECK_MS);
      const timer = setTimeout(() => {
        finish(undefined);
        note('scan.waitOver');
      }, WEIGHT_WAIT_MS);
      stopWaiting = () => finish(undefined);
      check();
    });
  }

  return { wait, stop };
}
