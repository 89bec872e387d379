// Settings › Bench, the courier's pickup: the ready and closing times F4 offers every day for each courier's pickup.
// Saved when a field is left with both times set; the day's form starts from them.
import { useEffect, useState } from 'react';
import { isPickupTime } from '../../../shared/domain/pickups';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { PickupTimesFields } from '../pickups/PickupTimesFields';

export function PickupTimesSetting() {
  const t = useT();
  const { api } = useStores();
  const [times, setTimes] = useState<{ ready: string; closing: string } | undefined>();
  useEffect(() => {
    void api.call('pickups.today', {}).then((answer) => {
      if (answer.ok) setTimes(answer.value.times);
    });
  }, [api]);
  if (!times) return null;
  const save = () => {
    if (isPickupTime(times.ready) && isPickupTime(times.closing)) void api.call('pickups.saveTimes', times);
  };
  return (
    <div className="field" role="group" aria-labelledby={controlId('settings-pickup-times')}>
      <span id={controlId('settings-pickup-times')}>{t('settings.pickupTimes')}</span>
      <PickupTimesFields
        id="settings-pickup"
        times={times}
        onChange={(changed) => setTimes({ ...times, ...changed })}
        onBlur={save}
      />
      <small className="muted">{t('settings.pickupTimesHint')}</small>
    </div>
  );
}
