// The two times of a courier's pickup, goods ready from and closing at, written 24-hour as `HH:MM` (a time input would
// show the browser's locale, 02:00 PM): F4's form and Settings' defaults use the same pair.
import type { Ref } from 'react';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';

export interface PickupTimes {
  ready: string;
  closing: string;
}

export function PickupTimesFields({
  id,
  times,
  onChange,
  onBlur,
  readyRef,
}: {
  /** The prefix of the fields' ids and test ids: `<id>-ready`, `<id>-closing`. */
  id: string;
  times: PickupTimes;
  onChange(times: Partial<PickupTimes>): void;
  onBlur?(): void;
  readyRef?: Ref<HTMLInputElement>;
}) {
  const t = useT();
  return (
    <div className="pickups__times">
      {(['ready', 'closing'] as const).map((which) => (
        <div className="field" key={which}>
          <label htmlFor={controlId(`${id}-${which}`)}>{t(`pickups.${which}`)}</label>
          <input
            ref={which === 'ready' ? readyRef : undefined}
            id={controlId(`${id}-${which}`)}
            data-testid={`${id}-${which}`}
            type="text"
            inputMode="numeric"
            placeholder="HH:MM"
            maxLength={5}
            pattern="[0-2][0-9]:[0-5][0-9]"
            value={times[which]}
            onChange={(event) => onChange({ [which]: event.target.value })}
            onBlur={onBlur}
          />
        </div>
      ))}
    </div>
  );
}
