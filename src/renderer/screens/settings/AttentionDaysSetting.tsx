// Settings › Bench, "Da gestire"'s days: a departed parcel with no new state for this many days needs a look. Saved
// when the field is left or at Enter; the station keeps 1 to 30.
import { useState } from 'react';
import type { CommandInput } from '../../../shared/ipc/commands';
import type { Settings } from '../../../shared/ipc/views';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';

export function AttentionDaysSetting({
  settings,
  onUpdate,
}: {
  settings: Settings;
  onUpdate(patch: CommandInput<'settings.update'>): void;
}) {
  const t = useT();
  const [days, setDays] = useState(String(settings.attentionDays));
  const save = () => {
    const n = Number(days);
    if (Number.isInteger(n) && n !== settings.attentionDays) onUpdate({ attentionDays: n });
  };
  return (
    <div className="field">
      <label htmlFor={controlId('settings-attention-days')}>{t('settings.attentionDays')}</label>
      <input
        id={controlId('settings-attention-days')}
        data-testid="settings-attention-days"
        type="number"
        min={1}
        max={30}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />
      <small className="muted">{t('settings.attentionDaysHint')}</small>
    </div>
  );
}
