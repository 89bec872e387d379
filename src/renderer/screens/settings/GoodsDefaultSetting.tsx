// Settings › Bench, the default goods: the goods word a shipment takes when neither its order (its goods column, its
// lines) nor the operator gives one. Saved when the field is left or at Enter; as long as the goods word the bench
// makes, so every courier takes it.
import { useState } from 'react';
import type { CommandInput } from '../../../shared/ipc/commands';
import type { Settings } from '../../../shared/ipc/views';
import { GOODS_WORD_MAX } from '../../../shared/domain/goodsWord';
import { controlId } from '../../components/Field';
import { useT } from '../../i18n';

export function GoodsDefaultSetting({
  settings,
  onUpdate,
}: {
  settings: Settings;
  onUpdate(patch: CommandInput<'settings.update'>): void;
}) {
  const t = useT();
  const [goods, setGoods] = useState(settings.goodsDefault);
  const save = () => {
    if (goods.trim() !== settings.goodsDefault) onUpdate({ goodsDefault: goods.trim() });
  };
  return (
    <div className="field">
      <label htmlFor={controlId('settings-goods-default')}>{t('settings.goodsDefault')}</label>
      <input
        id={controlId('settings-goods-default')}
        data-testid="settings-goods-default"
        maxLength={GOODS_WORD_MAX}
        value={goods}
        onChange={(event) => setGoods(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />
      <small className="muted">{t('settings.goodsDefaultHint')}</small>
    </div>
  );
}
