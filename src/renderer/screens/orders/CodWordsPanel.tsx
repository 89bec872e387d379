// The shop's own words for cash on delivery: how its order files' payment column says "paid on delivery"
// beyond the words the bench already knows, one per line; an open preview is checked again when they are saved.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

export function CodWordsPanel() {
  const { orders } = useStores();
  const view = useStore(orders, (s) => s.codWords);
  useEffect(() => {
    void orders.getState().loadCodWords();
  }, [orders]);
  // Keyed by whether the words came: the field starts from them once, and keeps what was typed after a save.
  return (
    <CodWordsForm
      key={view ? 'loaded' : 'loading'}
      saved={(view?.words ?? []).join('\n')}
      defaults={view?.defaults ?? []}
    />
  );
}

function CodWordsForm({ saved, defaults }: { saved: string; defaults: readonly string[] }) {
  const t = useT();
  const { orders } = useStores();
  const [text, setText] = useState(saved);
  const [done, setDone] = useState(false);
  return (
    <section className="group" aria-labelledby="orders-cod-words-title" data-testid="orders-cod-words">
      <h2 id="orders-cod-words-title">{t('orders.codWords')}</h2>
      <p className="muted">{t('orders.codWordsHint', { defaults: defaults.join(', ') })}</p>
      <textarea
        data-testid="orders-cod-words-text"
        aria-label={t('orders.codWords')}
        rows={3}
        value={text}
        placeholder="Pagamento al corriere"
        onChange={(event) => {
          setText(event.target.value);
          setDone(false);
        }}
      />{' '}
      <button
        type="button"
        data-testid="orders-cod-words-save"
        onClick={() => void orders.getState().setCodWords(text.split('\n')).then(setDone)}
      >
        {t('common.save')}
      </button>
      {done ? (
        <span className="muted" role="status">
          {' '}
          {t('orders.codWordsSaved')}
        </span>
      ) : null}
    </section>
  );
}
