// Why the quote leaves services out: a reason every excluded service shares (a CAP that is not the city's makes all
// thirteen say it) is said once, above the list; each service then says only its own reason.
import { courierLabel } from '../../components/courierLabel';
import { exclusionText } from '../../components/exclusionText';
import { useI18n } from '../../i18n';
import type { QuoteView } from '../../stores/shipmentForm/lookupState';
import { splitShared } from './quoteReasons';

type Excluded = QuoteView['excluded'][number];

/** `open`: no service carries the shipment, so every reason matters at once. */
export function QuoteExcluded({ excluded, open }: { excluded: readonly Excluded[]; open: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (excluded.length === 0) return null;
  const { shared, own } = splitShared(excluded, !open, (e) => exclusionText(i18n, e));
  return (
    <>
      {shared.map((text) => (
        <p key={text} className="banner banner--error" data-testid="quote-excluded-shared">
          {t('quote.excludedAll', { reason: text })}
        </p>
      ))}
      {own.length > 0 ? (
        <details className="quote__excluded" data-testid="quote-excluded" open={open}>
          <summary>{t('quote.excluded', { count: own.length })}</summary>
          <ul>
            {own.map(({ exclusion: e, text }) => (
              <li key={`${e.corriere}-${e.servizio}`} data-testid={`quote-excluded-${e.corriere}-${e.servizio}`}>
                <strong>{courierLabel(t, e)}</strong>: {text}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
