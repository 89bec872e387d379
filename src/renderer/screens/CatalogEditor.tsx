// The account's courier catalog in Settings: couriers, their services, the label formats each gives and the courier
// fields it takes, edited as a draft and saved whole (the station checks it field by field); imported from and
// exported to a JSON file so several benches are set up the same way. A standalone station only lists its demo
// couriers.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { Result } from '../../shared/ipc/result';
import type { FieldIssues } from '../../shared/api/fieldIssues';
import {
  CATALOG_LABEL_FORMATS,
  catalogFileText,
  COURIER_FIELD_NAMES,
  parseCatalog,
  type CatalogCourier,
  type CourierCatalog,
  type CourierField,
} from '../../shared/domain/courierCatalog';
import { controlId, errorId } from '../components/Field';
import { JsonFilePicker, Toggle } from '../components/Controls';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT, type MessageKey } from '../i18n';
import { useStores } from '../stores';

type Format = (typeof CATALOG_LABEL_FORMATS)[number];
interface DraftService {
  id: string;
  name: string;
}
interface DraftCourier {
  id: string;
  name: string;
  services: DraftService[];
  labelFormats: Format[];
  fields: CourierField[];
}
interface Draft {
  cheapest: boolean;
  couriers: DraftCourier[];
}

const draftOf = (catalog: CourierCatalog): Draft => ({
  cheapest: catalog.cheapest,
  couriers: catalog.couriers.map(draftCourier),
});

const draftCourier = (c: CatalogCourier): DraftCourier => ({
  id: String(c.id),
  name: c.name,
  services: c.services.map((s) => ({ id: String(s.id), name: s.name })),
  labelFormats: [...c.labelFormats],
  fields: [...c.fields],
});

/** Typed ids go to the station as numbers when they are numbers; anything else is its to refuse, field by field. */
const idOf = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

const catalogOf = (draft: Draft) => ({
  cheapest: draft.cheapest,
  couriers: draft.couriers.map((c) => ({
    id: idOf(c.id),
    name: c.name,
    services: c.services.map((s) => ({ id: idOf(s.id), name: s.name })),
    labelFormats: c.labelFormats,
    fields: c.fields,
  })),
});

function TextCell({
  path,
  label,
  value,
  errors,
  short,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  errors: FieldIssues;
  short?: boolean;
  onChange(value: string): void;
}) {
  const t = useT();
  const issue = errors[path];
  return (
    <div className={`field${short ? ' field--short' : ''}`}>
      <label htmlFor={controlId(`catalog-${path}`)}>{label}</label>
      <input
        id={controlId(`catalog-${path}`)}
        data-testid={`catalog-${path}`}
        value={value}
        inputMode={short ? 'numeric' : undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? errorId(`catalog-${path}`) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {issue ? (
        <span className="field__error" id={errorId(`catalog-${path}`)} data-testid={`catalog-error-${path}`}>
          {fieldErrorText(t, issue)}
        </span>
      ) : null}
    </div>
  );
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CatalogEditor({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { app } = useStores();
  const [loaded, setLoaded] = useState<Result<CommandOutput<'catalog.get'>> | undefined>();
  // What the station is (read again after a connection change or a saved catalog): the catalog is loaded with it.
  const info = useStore(app, (s) => s.info);
  const [draft, setDraft] = useState<Draft | undefined>();
  const [errors, setErrors] = useState<FieldIssues>({});
  useEffect(() => {
    void app
      .getState()
      .courierCatalog()
      .then((result) => {
        setLoaded(result);
        if (result.ok) setDraft(draftOf(result.value.catalog));
      });
  }, [app, info]);

  if (loaded && !loaded.ok)
    return (
      <p className="banner banner--error" data-testid="catalog-load-error">
        {errorText(t, loaded.error)}
      </p>
    );
  const { editable, catalog: saved, suggestions } = loaded?.value ?? { editable: false, suggestions: [] };
  if (!draft || !saved) return null;
  if (!editable)
    return (
      <div data-testid="catalog-demo">
        <p className="muted">{t('catalog.demo')}</p>
        <ul>
          {saved.couriers.map((c) => (
            <li key={c.id}>
              {c.name} ({c.id}): {c.services.map((s) => s.name).join(', ')}
            </li>
          ))}
        </ul>
      </div>
    );

  const setCourier = (i: number, patch: Partial<DraftCourier>) =>
    setDraft({ ...draft, couriers: draft.couriers.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setService = (i: number, k: number, patch: Partial<DraftService>) => {
    const courier = draft.couriers[i];
    if (courier) setCourier(i, { services: courier.services.map((s, j) => (j === k ? { ...s, ...patch } : s)) });
  };
  const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

  const save = async () => {
    const result = await app.getState().saveCourierCatalog(catalogOf(draft));
    if (result.ok) {
      setErrors({});
      onMessage(t('catalog.saved'), false);
    } else {
      setErrors(result.error.fields ?? {});
      onMessage(
        result.error.fields
          ? t('catalog.invalid', { count: Object.keys(result.error.fields).length })
          : errorText(t, result.error),
        true,
      );
    }
  };

  const importText = (text: string) => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return onMessage(t('catalog.importNotJson', { reason: error instanceof Error ? error.message : '' }), true);
    }
    const parsed = parseCatalog(raw);
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return onMessage(t('catalog.invalid', { count: Object.keys(parsed.fields).length }), true);
    }
    setErrors({});
    setDraft(draftOf(parsed.value));
    onMessage(t('catalog.imported'), false);
  };

  // Errors at paths the editor has no input for (an imported file's), listed so none is hidden.
  const shown = (path: string) => /^couriers\.\d+\.(id|name|services\.\d+\.(id|name))$/.test(path);
  const listed = Object.entries(errors).filter(([path]) => !shown(path));

  return (
    <div className="catalog-editor" data-testid="catalog-editor">
      <Toggle
        id="catalog-cheapest"
        label={t('catalog.cheapest')}
        checked={draft.cheapest}
        onChange={(on) => setDraft({ ...draft, cheapest: on })}
      />
      {draft.couriers.length === 0 ? <p className="muted">{t('catalog.empty')}</p> : null}
      {draft.couriers.map((c, i) => (
        <fieldset key={i} className="group catalog-courier" data-testid={`catalog-courier-${i}`}>
          <legend>{c.name || t('catalog.courierName')}</legend>
          <div className="form-row">
            <TextCell
              path={`couriers.${i}.id`}
              label={t('catalog.courierId')}
              value={c.id}
              errors={errors}
              short
              onChange={(id) => setCourier(i, { id })}
            />
            <TextCell
              path={`couriers.${i}.name`}
              label={t('catalog.courierName')}
              value={c.name}
              errors={errors}
              onChange={(name) => setCourier(i, { name })}
            />
            <button
              type="button"
              data-testid={`catalog-remove-${i}`}
              onClick={() => setDraft({ ...draft, couriers: draft.couriers.filter((_, j) => j !== i) })}
            >
              {t('catalog.removeCourier')}
            </button>
          </div>
          {c.services.map((s, k) => (
            <div className="form-row" key={k}>
              <TextCell
                path={`couriers.${i}.services.${k}.id`}
                label={t('catalog.serviceId')}
                value={s.id}
                errors={errors}
                short
                onChange={(id) => setService(i, k, { id })}
              />
              <TextCell
                path={`couriers.${i}.services.${k}.name`}
                label={t('catalog.serviceName')}
                value={s.name}
                errors={errors}
                onChange={(name) => setService(i, k, { name })}
              />
              <button
                type="button"
                data-testid={`catalog-remove-service-${i}-${k}`}
                onClick={() => setCourier(i, { services: c.services.filter((_, j) => j !== k) })}
              >
                {t('catalog.removeService')}
              </button>
            </div>
          ))}
          <button
            type="button"
            data-testid={`catalog-add-service-${i}`}
            onClick={() =>
              setCourier(i, { services: [...c.services, { id: String(c.services.length + 1), name: '' }] })
            }
          >
            {t('catalog.addService')}
          </button>
          <div role="group" aria-label={t('catalog.labelFormats')} className="flags">
            {t('catalog.labelFormats')}:{' '}
            {CATALOG_LABEL_FORMATS.map((f) => (
              <Toggle
                inline
                key={f}
                id={`catalog-format-${i}-${f}`}
                label={f}
                checked={c.labelFormats.includes(f)}
                onChange={(on) => setCourier(i, { labelFormats: toggle(c.labelFormats, f, on) })}
              />
            ))}
          </div>
          <div role="group" aria-label={t('catalog.fields')} className="flags">
            {t('catalog.fields')}:{' '}
            {COURIER_FIELD_NAMES.map((f) => (
              <Toggle
                inline
                key={f}
                id={`catalog-field-${i}-${f}`}
                label={t(`field.${f}` as MessageKey)}
                checked={c.fields.includes(f)}
                onChange={(on) => setCourier(i, { fields: toggle(c.fields, f, on) })}
              />
            ))}
          </div>
        </fieldset>
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
      <div className="actions">
        <button
          type="button"
          data-testid="catalog-add"
          onClick={() =>
            setDraft({
              ...draft,
              couriers: [
                ...draft.couriers,
                { id: '', name: '', services: [{ id: '1', name: '' }], labelFormats: ['ZPL', 'PDF'], fields: [] },
              ],
            })
          }
        >
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
      {suggestions.length > 0 ? (
        <details className="catalog-suggestions" data-testid="catalog-suggestions">
          <summary>{t('catalog.suggestions')}</summary>
          <div className="actions">
            {suggestions
              .filter((s) => !draft.couriers.some((c) => c.id === String(s.id)))
              .map((s) => (
                <button
                  type="button"
                  key={s.id}
                  data-testid={`catalog-suggest-${s.id}`}
                  onClick={() => setDraft({ ...draft, couriers: [...draft.couriers, draftCourier(s)] })}
                >
                  {t('catalog.addSuggestion', { name: s.name, id: s.id })}
                </button>
              ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
