// Why the quote leaves services out: a reason every excluded service shares (a CAP that is not the city's makes all
// thirteen say it) is said once, above the list; each service then says only its own reason.
import { ADDRESS_EXCLUSIONS } from '../../../shared/api/exclusionReasons';
import { courierLabel } from '../../components/courierLabel';
import { exclusionText } from '../../components/exclusionText';
import { useI18n } from '../../i18n';
import type { QuoteView } from '../../stores/shipmentForm/lookupState';

type Excluded = QuoteView['excluded'][number];

/**
 * The reasons said once for all, and the services left with a reason of their own. Shared: the address's own
 * refusals (the same from every courier), and a text every service gives, two or more and none carrying it (two
 * services out of thirteen that do not go to Italy are each one's own reason).
 */
export function splitShared<T extends Pick<Excluded, 'code'>>(
  excluded: readonly T[],
  anyEligible: boolean,
  text: (e: T) => string,
): { shared: string[]; own: { exclusion: T; text: string }[] } {
  const said = excluded.map((exclusion) => ({ exclusion, text: text(exclusion) }));
  const alike = said.length > 1 && said.every((s) => s.text === said[0]?.text);
  const everyone = alike && !anyEligible ? said[0]?.text : undefined;
  const isShared = (s: (typeof said)[number]) => s.text === everyone || ADDRESS_EXCLUSIONS.has(s.exclusion.code);
  const shared = [...new Set(said.filter(isShared).map((s) => s.text))];
  return { shared, own: said.filter((s) => !isShared(s)) };
}

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
