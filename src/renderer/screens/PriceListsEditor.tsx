// The account's price lists in Settings: which are imported (courier, service, what the file says of each), a file
// to import (one list, several, or a service config's "price_lists"), every problem of a refused file with its line,
// and removing them. A standalone station prices with its demo couriers' lists and has nothing to import here. The
// lists' store is ../stores/settings/priceListsDraft.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { JsonFilePicker } from '../components/Controls';
import { errorText } from '../components/errorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { createPriceListsDraft } from '../stores/settings/priceListsDraft';

export function PriceListsEditor({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { api, app } = useStores();
  const info = useStore(app, (s) => s.info);
  const [draft] = useState(() => createPriceListsDraft(api));
  const loaded = useStore(draft, (s) => s.loaded);
  const errors = useStore(draft, (s) => s.errors);
  useEffect(() => {
    void draft.getState().load();
  }, [draft, info]);
  if (!loaded) return null;
  if (!loaded.ok)
    return (
      <p className="banner banner--error" data-testid="pricing-load-error">
        {errorText(t, loaded.error)}
      </p>
    );
  if (!loaded.value.editable) return <p className="muted">{t('pricing.demo')}</p>;
  const { lists } = loaded.value;

  const importText = async (text: string) => {
    const result = await draft.getState().importText(text);
    if (!result.ok) return onMessage(errorText(t, result.error), true);
    if (result.value.errorCount > 0) onMessage(t('pricing.refused', { count: result.value.errorCount }), true);
    else onMessage(t('pricing.imported', { count: result.value.lists.length }), false);
  };
  const clear = async () => {
    const result = await draft.getState().clear();
    if (!result.ok) return onMessage(errorText(t, result.error), true);
    onMessage(t('pricing.cleared'), false);
  };

  return (
    <div className="price-lists" data-testid="pricing-editor">
      {lists.length === 0 ? (
        <p className="muted" data-testid="pricing-none">
          {t('pricing.none')}
        </p>
      ) : (
        <ul data-testid="pricing-lists">
          {lists.map((l) => (
            <li key={`${l.corriere}/${l.servizio}`} data-testid={`pricing-list-${l.corriere}-${l.servizio}`}>
              {l.corriere}/{l.servizio} · {l.currency}
              {l.description ? ` · ${l.description}` : ''}
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 ? (
        <ul className="banner banner--error" data-testid="pricing-errors">
          {errors.map((e, i) => (
            <li key={i}>
              {t('pricing.line', { line: e.line })}
              {e.path ? ` (${e.path})` : ''}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="actions">
        <JsonFilePicker id="pricing-import" label={t('pricing.import')} onText={(text) => void importText(text)} />
        {lists.length > 0 ? (
          <button type="button" data-testid="pricing-clear" onClick={() => void clear()}>
            {t('pricing.clear')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
