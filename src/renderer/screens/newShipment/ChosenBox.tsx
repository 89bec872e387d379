// Which box the parcels go in and why (its key or code scanned, a shipping rule, the items' volume), under the
// parcels' sizes: the sizes came from it, and its tare is in the weight the scale is checked against.
import { useStore } from 'zustand';
import { useI18n, type I18n } from '../../i18n';
import { useStores } from '../../stores';
import type { BoxWhy } from '../../stores/shipmentForm/boxState';

function whyText({ t, number }: I18n, why: BoxWhy, name: string): string {
  switch (why.by) {
    case 'key':
      return t('box.why.key', { key: why.key });
    case 'scan':
      return t('box.why.scan', { name });
    case 'rule':
      return t('box.why.rule', { rule: why.rule });
    case 'volume':
      return t('box.why.volume', { litres: number(why.itemsCm3 / 1000, 1) });
  }
}

export function ChosenBox() {
  const i18n = useI18n();
  const { t, number, kg } = i18n;
  const { form } = useStores();
  const box = useStore(form, (s) => s.box);
  if (!box) return null;
  const { preset, why } = box;
  const sizes = [preset.length, preset.width, preset.height].map((cm) => number(cm, 1)).join(' × ');
  return (
    <p
      className="field__hint chosen-box"
      data-testid="chosen-box"
      data-box={preset.name}
      data-why={why.by}
      role="status"
    >
      {t('box.chosen', { name: preset.name, sizes, tare: kg(preset.tare) })} · {whyText(i18n, why, preset.name)}
    </p>
  );
}
