// A shipment's packing proof in its detail, where its items were checked by scan: every item scan with its time
// (the wrong ones and the ones too many too, marked as stopped) and the override with its reason, if the label was
// printed with lines short.
import type { PackingProof } from '../../../shared/domain/packingProof';
import { useI18n } from '../../i18n';

export function DetailPacking({ packing }: { packing: PackingProof | null }) {
  const { t, clock } = useI18n();
  if (!packing) return null;
  return (
    <>
      <dt>{t('detail.packing')}</dt>
      <dd data-testid="detail-packing">
        <ul className="plain">
          {packing.scans.map((scan, index) => (
            <li
              key={`${scan.at}-${index}`}
              data-testid={`detail-packing-${index}`}
              data-outcome={scan.outcome}
              className={scan.outcome === 'counted' ? undefined : 'packing--stopped'}
            >
              {t('detail.packingScan', { at: clock(new Date(scan.at)), code: scan.code })}:{' '}
              {t(`detail.packing.${scan.outcome}`, { sku: scan.sku })}
            </li>
          ))}
        </ul>
        {packing.override ? (
          <p className="banner banner--warning" data-testid="detail-packing-override">
            {t('detail.packingOverride', { at: clock(new Date(packing.override.at)), reason: packing.override.reason })}
          </p>
        ) : null}
      </dd>
    </>
  );
}
