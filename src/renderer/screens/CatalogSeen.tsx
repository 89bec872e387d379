// "Visti nelle risposte del servizio": the couriers and services the remote's answers named that the catalog draft
// lacks or names otherwise, each with one button that adds or renames it in the draft (saved with the catalog).
// Keyboard-first: after a button does its work and leaves the list, focus stays in the list.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { catalogProposals, type CatalogProposal, type SeenCourier } from '../../shared/domain/seenCouriers';
import { useT, type Translate } from '../i18n';
import { draftNames, type CatalogDraft } from '../stores/settings/catalogDraft';

function proposalText(t: Translate, p: CatalogProposal): string {
  const unnamed = t('catalog.seenUnnamed');
  switch (p.kind) {
    case 'addCourier':
      return t('catalog.seenAddCourier', { name: p.courier.name || unnamed, id: p.courier.id });
    case 'renameCourier':
      return t('catalog.seenRenameCourier', { from: p.from, to: p.to, id: p.courierId });
    case 'addService':
      return t('catalog.seenAddService', { name: p.service.name || unnamed, id: p.service.id, courier: p.courierName });
    case 'renameService':
      return t('catalog.seenRenameService', { from: p.from, to: p.to, id: p.serviceId, courier: p.courierName });
  }
}

function proposalId(p: CatalogProposal): string {
  if (p.kind === 'addCourier') return `add-${p.courier.id}`;
  if (p.kind === 'renameCourier') return `rename-${p.courierId}`;
  if (p.kind === 'addService') return `add-${p.courierId}-${p.service.id}`;
  return `rename-${p.courierId}-${p.serviceId}`;
}

export function CatalogSeen({ draft, seen }: { draft: CatalogDraft; seen: readonly SeenCourier[] }) {
  const t = useT();
  const values = useStore(draft, (s) => s.values);
  const dirty = useStore(draft, (s) => s.dirty);
  const list = useRef<HTMLElement>(null);
  const [applied, setApplied] = useState(0);
  // The button just used leaves the list: once drawn again, the next one (or the list itself) takes the focus.
  useEffect(() => {
    if (applied === 0) return;
    const next = list.current?.querySelector<HTMLButtonElement>('button');
    (next ?? list.current)?.focus();
  }, [applied]);
  if (!values) return null;
  const proposals = catalogProposals(draftNames(values), seen);
  // Kept (empty) once its last proposal was used, so the focus and the hint to save stay where the operator is.
  if (proposals.length === 0 && (applied === 0 || !dirty)) return null;
  const apply = (p: CatalogProposal) => {
    draft.getState().applyProposal(p);
    setApplied((n) => n + 1);
  };
  return (
    <section
      className="catalog-seen"
      data-testid="catalog-seen"
      ref={list}
      tabIndex={-1}
      aria-labelledby="catalog-seen-title"
    >
      <h3 id="catalog-seen-title">{t('catalog.seen')}</h3>
      <p className="muted">{t('catalog.seenHint')}</p>
      <ul hidden={proposals.length === 0}>
        {proposals.map((p) => (
          <li key={proposalId(p)}>
            <button type="button" data-testid={`catalog-seen-${proposalId(p)}`} onClick={() => apply(p)}>
              {proposalText(t, p)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
