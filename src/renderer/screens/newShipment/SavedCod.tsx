// The cash the courier collects for the shipment just saved, in the same large type as at the scan: the parcel being
// packed is a cash-on-delivery one, and the packer sees it beside its label.
import { useI18n } from '../../i18n';

export function SavedCod({ record }: { record: Readonly<Record<string, unknown>> | undefined }) {
  const { t, money } = useI18n();
  const amount = Number(record?.contrassegno ?? 0);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return (
    <p className="cod-banner" data-testid="saved-cod" role="status">
      {t('scan.cod', { amount: money(amount, 'EUR') })}
    </p>
  );
}
