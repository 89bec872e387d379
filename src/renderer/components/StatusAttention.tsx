// The status bar's "Da gestire: N": how many departed parcels need a person now, yellow while any does; a click (or
// F10) opens the list.
import { useStore } from 'zustand';
import { useI18n } from '../i18n';
import { useStores } from '../stores';

export function StatusAttention() {
  const { t, number } = useI18n();
  const { attention, app } = useStores();
  const count = useStore(attention, (s) => s.count);
  return (
    <button
      type="button"
      className={`status-bar__part link${count > 0 ? ' status--attention' : ' link--quiet'}`}
      data-testid="status-parcels-attention"
      data-count={count}
      title={t('status.attentionParcelsHint')}
      onClick={() => app.getState().go('attention')}
    >
      {t('status.attentionParcels', { count: number(count) })}
    </button>
  );
}
