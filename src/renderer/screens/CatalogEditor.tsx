// The account's courier catalog in Settings: couriers, their services, the label formats each gives and the courier
// fields it takes, edited as a draft and saved whole (the station checks it field by field); imported from and
// exported to a JSON file so several benches are set up the same way. A standalone station only lists its demo
// couriers. The draft is ../stores/settings/catalogDraft.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CommandOutput } from '../../shared/ipc/commands';
import { catalogFileText, type CourierCatalog } from '../../shared/domain/courierCatalog';
import { JsonFilePicker, Toggle } from '../components/Controls';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { CourierFieldset } from './CatalogCourier';
import { CatalogSeen } from './CatalogSeen';
import { createCatalogDraft, suggestionsLeft, unshownErrors, type CatalogDraft } from '../stores/settings/catalogDraft';

type OnMessage = (text: string, error: boolean) => void;

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Suggestions({
  draft,
  suggestions,
}: {
  draft: CatalogDraft;
  suggestions: CommandOutput<'catalog.get'>['suggestions'];
}) {
  const t = useT();
  const values = useStore(draft, (s) => s.values);
  if (suggestions.length === 0 || !values) return null;
  return (
    <details className="catalog-suggestions" data-testid="catalog-suggestions">
      <summary>{t('catalog.suggestions')}</summary>
      <div className="actions">
        {suggestionsLeft(suggestions, values).map((s) => (
          <button
            type="button"
            key={s.id}
            data-testid={`catalog-suggest-${s.id}`}
            onClick={() => draft.getState().addSuggestion(s)}
          >
            {t('catalog.addSuggestion', { name: s.name, id: s.id })}
          </button>
        ))}
      </div>
    </details>
  );
}

function DemoCouriers({ catalog }: { catalog: CourierCatalog }) {
  const t = useT();
  return (
    <div data-testid="catalog-demo">
      <p className="muted">{t('catalog.demo')}</p>
      <ul>
        {catalog.couriers.map((c) => (
          <li key={c.id}>
            {c.name} ({c.id}): {c.services.map((s) => s.name).join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CatalogActions({
  draft,
  saved,
  onMessage,
}: {
  draft: CatalogDraft;
  saved: CourierCatalog;
  onMessage: OnMessage;
}) {
  const t = useT();
  const save = async () => {
    const result = await draft.getState().save();
    if (result.ok) onMessage(t('catalog.saved'), false);
    else
      onMessage(
        result.error.fields
          ? t('catalog.invalid', { count: Object.keys(result.error.fields).length })
          : errorText(t, result.error),
        true,
      );
  };
  const importText = (text: string) => {
    const imported = draft.getState().importText(text);
    if (imported.ok) onMessage(t('catalog.imported'), false);
    else if ('notJson' in imported) onMessage(t('catalog.importNotJson', { reason: imported.notJson }), true);
    else onMessage(t('catalog.invalid', { count: imported.invalid }), true);
  };
  return (
    <div className="actions">
      <button type="button" data-testid="catalog-add" onClick={() => draft.getState().addCourier()}>
        {t('catalog.addCourier')}
      </button>
      <button type="button" className="primary" data-testid="catalog-save" onClick={() => void save()}>
        {t('catalog.save')}
      </button>
      <button
        type="button"
        data-testid="catalog-export"
        onClick={() => download('catalogo-corrieri.json', catalogFileText(saved))}
      >
        {t('catalog.export')}
      </button>
      <JsonFilePicker id="catalog-import" label={t('catalog.import')} onText={importText} />
    </div>
  );
}

export function CatalogEditor({ onMessage }: { onMessage: OnMessage }) {
  const t = useT();
  const { api, app } = useStores();
  // A saved catalog changes what the station offers: it is read again, and the catalog with it.
  const [draft] = useState(() => createCatalogDraft(api, { afterSave: () => app.getState().init() }));
  // What the station is (read again after a connection change or a saved catalog): the catalog is loaded with it.
  const info = useStore(app, (s) => s.info);
  const loaded = useStore(draft, (s) => s.loaded);
  const values = useStore(draft, (s) => s.values);
  const errors = useStore(draft, (s) => s.errors);
  useEffect(() => {
    void draft.getState().load();
  }, [draft, info]);

  if (loaded && !loaded.ok)
    return (
      <p className="banner banner--error" data-testid="catalog-load-error">
        {errorText(t, loaded.error)}
      </p>
    );
  const {
    editable,
    catalog: saved,
    suggestions,
    seen,
  } = loaded?.value ?? { editable: false, suggestions: [], seen: [] };
  if (!values || !saved) return null;
  if (!editable) return <DemoCouriers catalog={saved} />;
  const listed = unshownErrors(errors);

  return (
    <div className="catalog-editor" data-testid="catalog-editor">
      <Toggle
        id="catalog-cheapest"
        label={t('catalog.cheapest')}
        checked={values.cheapest}
        onChange={(on) => draft.getState().setCheapest(on)}
      />
      <CatalogSeen draft={draft} seen={seen} />
      {values.couriers.length === 0 ? <p className="muted">{t('catalog.empty')}</p> : null}
      {values.couriers.map((c, i) => (
        <CourierFieldset key={i} draft={draft} courier={c} i={i} />
      ))}
      {listed.length > 0 ? (
        <ul className="banner banner--error" data-testid="catalog-errors">
          {listed.map(([path, issue]) => (
            <li key={path}>
              {path}: {fieldErrorText(t, issue)}
            </li>
          ))}
        </ul>
      ) : null}
      <CatalogActions draft={draft} saved={saved} onMessage={onMessage} />
      <Suggestions draft={draft} suggestions={suggestions} />
    </div>
  );
}
