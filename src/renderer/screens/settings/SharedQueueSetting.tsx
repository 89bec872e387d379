// Settings › Bench, orders from the shared queue: a connected bench given a name takes its orders from its remote's
// queue (the hub), where every bench sees the same ones and a scan claims the order before its label. Saved when the
// field is left or at Enter; empty leaves the queue. A standalone bench has no hub: the field is not shown.
import { useState } from 'react';
import type { CommandInput } from '../../../shared/ipc/commands';
import type { Settings } from '../../../shared/ipc/views';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';

export function SharedQueueSetting({
  settings,
  onUpdate,
}: {
  settings: Settings;
  onUpdate(patch: CommandInput<'settings.update'>): void;
}) {
  const t = useT();
  const [bench, setBench] = useState(settings.sharedQueueBench ?? '');
  if (settings.sharedQueueBench === null) return null;
  const save = () => {
    if (bench.trim() !== settings.sharedQueueBench) onUpdate({ sharedQueueBench: bench.trim() });
  };
  return (
    <div className="field">
      <label htmlFor={controlId('settings-shared-queue')}>{t('settings.sharedQueue')}</label>
      <input
        id={controlId('settings-shared-queue')}
        data-testid="settings-shared-queue"
        maxLength={40}
        value={bench}
        placeholder={t('settings.sharedQueuePlaceholder')}
        onChange={(event) => setBench(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />
      <small className="muted">{t('settings.sharedQueueHint')}</small>
    </div>
  );
}
