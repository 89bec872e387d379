// The account's courier catalog as a draft (Settings, first run): couriers, their services, the label formats each
// gives and the courier fields it takes, edited here and saved whole. Checked with the shared catalog rules field by
// field (the station checks the same); imported from a JSON file too. A standalone station's demo couriers are shown,
// not edited.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import {
  parseCatalog,
  type CatalogCourier,
  type CourierCatalog,
  type CourierField,
  CATALOG_LABEL_FORMATS,
} from '../../../shared/domain/courierCatalog';
import type { CatalogProposal, NamedCourier } from '../../../shared/domain/seenCouriers';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import { refusedFields, sameDraft, type StationCalls } from './draft';

export type LabelFormat = (typeof CATALOG_LABEL_FORMATS)[number];
export interface DraftService {
  id: string;
  name: string;
  /** The courier's return service (offered first for a return label); absent: any service. */
  forReturns?: boolean;
}
export interface DraftCourier {
  id: string;
  name: string;
  services: DraftService[];
  labelFormats: LabelFormat[];
  fields: CourierField[];
}
export interface CatalogValues {
  cheapest: boolean;
  couriers: DraftCourier[];
}

/** An import that did not become the draft: not JSON at all, or a catalog with problems (shown on their fields). */
export type Imported = { ok: true } | { ok: false; notJson: string } | { ok: false; invalid: number };

export interface CatalogDraftState {
  /** The station's catalog answer: editable or not, the saved catalog, the couriers it suggests. */
  loaded: Result<CommandOutput<'catalog.get'>> | undefined;
  values: CatalogValues | undefined;
  baseline: CatalogValues | undefined;
  dirty: boolean;
  errors: FieldIssues;
  load(): Promise<void>;
  setCheapest(on: boolean): void;
  setCourier(i: number, patch: Partial<Pick<DraftCourier, 'id' | 'name'>>): void;
  setService(i: number, k: number, patch: Partial<DraftService>): void;
  toggleFormat(i: number, format: LabelFormat, on: boolean): void;
  toggleField(i: number, field: CourierField, on: boolean): void;
  addCourier(): void;
  /** One of the couriers the station suggests, as it is. */
  addSuggestion(courier: CatalogCourier): void;
  removeCourier(i: number): void;
  /** One change the remote's answers suggest (catalogSeen.ts): add or rename a courier or a service. */
  applyProposal(proposal: CatalogProposal): void;
  addService(i: number): void;
  removeService(i: number, k: number): void;
  importText(text: string): Imported;
  reset(): void;
  save(): Promise<Result<CommandOutput<'catalog.save'>>>;
}

export type CatalogDraft = StoreApi<CatalogDraftState>;

export const draftCourier = (c: CatalogCourier): DraftCourier => ({
  id: String(c.id),
  name: c.name,
  services: c.services.map((s) => ({ id: String(s.id), name: s.name, ...(s.forReturns ? { forReturns: true } : {}) })),
  labelFormats: [...c.labelFormats],
  fields: [...c.fields],
});

export const catalogValues = (catalog: CourierCatalog): CatalogValues => ({
  cheapest: catalog.cheapest,
  couriers: catalog.couriers.map(draftCourier),
});

/** Typed ids go to the station as numbers when they are numbers; anything else is its to refuse, field by field. */
const idOf = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The draft as a catalog to check: what the station would get before the shared rules read it. */
export const catalogOf = (values: CatalogValues) => ({
  cheapest: values.cheapest,
  couriers: values.couriers.map((c) => ({
    id: idOf(c.id),
    name: c.name,
    services: c.services.map((s) => ({ id: idOf(s.id), name: s.name, ...(s.forReturns ? { forReturns: true } : {}) })),
    labelFormats: c.labelFormats,
    fields: c.fields,
  })),
});

/** Errors at paths the editor has no input for (an imported file's): listed apart so none is hidden. */
export const unshownErrors = (errors: FieldIssues) =>
  Object.entries(errors).filter(([path]) => !/^couriers\.\d+\.(id|name|services\.\d+\.(id|name))$/.test(path));

/** The draft's couriers as names to compare with what the remote named (those with a number for an id). */
export const draftNames = (values: CatalogValues): NamedCourier[] =>
  values.couriers.flatMap((c) => {
    const id = idOf(c.id);
    if (typeof id !== 'number') return [];
    const services = c.services.flatMap((s) => {
      const serviceId = idOf(s.id);
      return typeof serviceId === 'number' ? [{ id: serviceId, name: s.name }] : [];
    });
    return [{ id, name: c.name, services }];
  });

/** The draft with one proposal applied; a courier or service the draft no longer has is left as it is. */
function applied(values: CatalogValues, p: CatalogProposal): CatalogValues {
  if (p.kind === 'addCourier') {
    const services = p.courier.services.map((s) => ({ id: String(s.id), name: s.name }));
    const courier: DraftCourier = {
      id: String(p.courier.id),
      name: p.courier.name,
      services: services.length > 0 ? services : [{ id: '1', name: '' }],
      labelFormats: ['ZPL', 'PDF'],
      fields: [],
    };
    return { ...values, couriers: [...values.couriers, courier] };
  }
  const courierId = String(p.courierId);
  return {
    ...values,
    couriers: values.couriers.map((c) => {
      if (idOf(c.id) !== p.courierId && c.id !== courierId) return c;
      if (p.kind === 'renameCourier') return { ...c, name: p.to };
      if (p.kind === 'addService')
        return { ...c, services: [...c.services, { id: String(p.service.id), name: p.service.name }] };
      return { ...c, services: c.services.map((s) => (idOf(s.id) === p.serviceId ? { ...s, name: p.to } : s)) };
    }),
  };
}

/** The suggested couriers the draft does not have yet. */
export const suggestionsLeft = (suggestions: readonly CatalogCourier[], values: CatalogValues) =>
  suggestions.filter((s) => !values.couriers.some((c) => c.id === String(s.id)));

const toggled = <T>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

export function createCatalogDraft(api: StationCalls, options: { afterSave?: () => Promise<void> } = {}): CatalogDraft {
  return createStore<CatalogDraftState>()((set, get) => {
    const edit = (change: (values: CatalogValues) => CatalogValues) => {
      const current = get().values;
      if (!current) return;
      const values = change(current);
      set({ values, dirty: !sameDraft(values, get().baseline) });
    };
    const editCourier = (i: number, change: (c: DraftCourier) => DraftCourier) =>
      edit((v) => ({ ...v, couriers: v.couriers.map((c, j) => (j === i ? change(c) : c)) }));
    return {
      loaded: undefined,
      values: undefined,
      baseline: undefined,
      dirty: false,
      errors: {},

      async load() {
        const loaded = await api.call('catalog.get', {});
        if (!loaded.ok) return set({ loaded });
        const values = catalogValues(loaded.value.catalog);
        set({ loaded, values, baseline: values, dirty: false });
      },

      setCheapest: (cheapest) => edit((v) => ({ ...v, cheapest })),
      setCourier: (i, patch) => editCourier(i, (c) => ({ ...c, ...patch })),
      setService: (i, k, patch) =>
        editCourier(i, (c) => ({ ...c, services: c.services.map((s, j) => (j === k ? { ...s, ...patch } : s)) })),
      toggleFormat: (i, format, on) =>
        editCourier(i, (c) => ({ ...c, labelFormats: toggled(c.labelFormats, format, on) })),
      toggleField: (i, field, on) => editCourier(i, (c) => ({ ...c, fields: toggled(c.fields, field, on) })),
      addCourier: () =>
        edit((v) => ({
          ...v,
          couriers: [
            ...v.couriers,
            { id: '', name: '', services: [{ id: '1', name: '' }], labelFormats: ['ZPL', 'PDF'], fields: [] },
          ],
        })),
      addSuggestion: (courier) => edit((v) => ({ ...v, couriers: [...v.couriers, draftCourier(courier)] })),
      applyProposal: (proposal) => edit((v) => applied(v, proposal)),
      removeCourier: (i) => edit((v) => ({ ...v, couriers: v.couriers.filter((_, j) => j !== i) })),
      addService: (i) =>
        editCourier(i, (c) => ({ ...c, services: [...c.services, { id: String(c.services.length + 1), name: '' }] })),
      removeService: (i, k) => editCourier(i, (c) => ({ ...c, services: c.services.filter((_, j) => j !== k) })),

      importText(text) {
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch (error) {
          return { ok: false, notJson: error instanceof Error ? error.message : '' };
        }
        const parsed = parseCatalog(raw);
        if (!parsed.ok) {
          set({ errors: parsed.fields });
          return { ok: false, invalid: Object.keys(parsed.fields).length };
        }
        const values = catalogValues(parsed.value);
        set({ errors: {}, values, dirty: !sameDraft(values, get().baseline) });
        return { ok: true };
      },

      reset: () => set({ values: get().baseline, dirty: false, errors: {} }),

      async save() {
        const values = get().values;
        const parsed = parseCatalog(values ? catalogOf(values) : undefined);
        if (!parsed.ok) {
          set({ errors: parsed.fields });
          return refusedFields(parsed.fields);
        }
        const result = await api.call('catalog.save', { catalog: parsed.value });
        set({ errors: result.ok ? {} : (result.error.fields ?? {}) });
        if (result.ok) await options.afterSave?.();
        return result;
      },
    };
  });
}
