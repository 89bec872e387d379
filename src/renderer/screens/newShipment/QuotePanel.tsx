// The price of the shipment as typed, from `shipments.quote`: every service that can carry it from the cheapest up
// (the cheapest and the runner-up marked, the difference shown), and why the others cannot. Picking a line sets the
// courier and service.
import { useStore } from 'zustand';
import { courierLabel } from '../../components/courierLabel';
import { errorText } from '../../components/errorText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { QuoteExcluded } from './QuoteExcluded';

export function QuotePanel() {
  const { t, money } = useI18n();
  const { form } = useStores();
  const quote = useStore(form, (s) => s.quote);
  const quoting = useStore(form, (s) => s.quoting);
  const quoteError = useStore(form, (s) => s.quoteError);
  const corriere = useStore(form, (s) => s.values.corriere);
  const servizio = useStore(form, (s) => s.values.servizio);
  const { lookups } = form.getState();

  const eligible = [...(quote?.eligible ?? [])].sort(
    (a, b) => a.total - b.total || a.corriere - b.corriere || a.servizio - b.servizio,
  );
  const cheapest = eligible[0];
  const automatic = corriere === '0' && servizio === '0';

  return (
    <section className="panel quote" data-testid="quote-panel" aria-labelledby="quote-title" aria-busy={quoting}>
      <h2 id="quote-title">{t('quote.title')}</h2>
      {quoteError ? (
        <p className="banner banner--error" data-testid="quote-error">
          {errorText(t, quoteError)}
        </p>
      ) : null}
      {quote?.source === 'service' ? (
        <p className="muted" data-testid="quote-service">
          {t('quote.service')}
        </p>
      ) : null}
      {!quote && !quoting && !quoteError ? (
        <p className="muted" data-testid="quote-empty">
          {t('quote.incomplete')}
        </p>
      ) : null}
      {quoting ? <p className="muted">{t('quote.loading')}</p> : null}
      {quote && quote.source !== 'service' && eligible.length === 0 ? (
        <p className="banner banner--error" data-testid="quote-none">
          {t('quote.none')}
        </p>
      ) : null}
      {eligible.length > 0 ? (
        <ol className="quote__list">
          {eligible.map((option, index) => {
            const chosen = automatic
              ? index === 0
              : String(option.corriere) === corriere && String(option.servizio) === servizio;
            const diff = cheapest && index > 0 ? option.total - cheapest.total : 0;
            return (
              <li key={`${option.corriere}-${option.servizio}`}>
                <button
                  type="button"
                  className={`quote__option${chosen ? ' quote__option--chosen' : ''}`}
                  data-testid={`quote-option-${option.corriere}-${option.servizio}`}
                  aria-pressed={chosen}
                  onClick={() => lookups.pickQuote(option.corriere, option.servizio)}
                >
                  <span className="quote__name">{courierLabel(t, option)}</span>
                  <span className="quote__price">{money(option.total, option.currency)}</span>
                  <span className="quote__meta">
                    {index === 0 ? <strong data-testid="quote-cheapest">{t('quote.cheapest')}</strong> : null}
                    {index === 1 ? <strong data-testid="quote-runner-up">{t('quote.runnerUp')}</strong> : null}
                    {index > 0 ? ` +${money(diff, option.currency)}` : ''}
                    {' · '}
                    {t('quote.withVat', { amount: money(option.totalWithVat, option.currency) })}
                    {option.zone ? ` · ${t('quote.zone', { zone: option.zone })}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {automatic && cheapest ? (
        <p className="muted" data-testid="quote-automatic">
          {t(quote?.source === 'account' ? 'quote.automaticRemote' : 'quote.automatic')}
        </p>
      ) : null}
      {quote ? <QuoteExcluded excluded={quote.excluded} open={eligible.length === 0} /> : null}
    </section>
  );
}
