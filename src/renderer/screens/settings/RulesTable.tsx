// The shipping rules in their order, one row each (number, name, conditions, result) with Edit, Move up, Move down
// and Delete; a moved rule keeps the focus on the same button in its new place (the other way's once it reaches the
// end), so a rule is moved by Enter pressed again and again.
import { useEffect, useRef, type ReactNode } from 'react';
import type { Rule } from '../../../shared/domain/shippingRules';
import { useI18n } from '../../i18n';

export function RulesTable({
  rules,
  editing,
  describe,
  form,
  onEdit,
  onChange,
}: {
  rules: readonly Rule[];
  editing: number | 'new' | undefined;
  describe(rule: Rule): { when: string; then: string };
  form(index: number): ReactNode;
  onEdit(index: number): void;
  onChange(rules: Rule[]): void;
}) {
  const { t } = useI18n();
  const table = useRef<HTMLTableElement>(null);
  const focusAfter = useRef<readonly string[]>([]);
  useEffect(() => {
    const button = focusAfter.current
      .map((id) => table.current?.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`))
      .find((b) => b && !b.disabled);
    button?.focus();
    focusAfter.current = [];
  });
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= rules.length) return;
    const next = [...rules];
    [next[index], next[to]] = [next[to]!, next[index]!];
    const [same, other] = by < 0 ? ['up', 'down'] : ['down', 'up'];
    focusAfter.current = [`rule-${same}-${to + 1}`, `rule-${other}-${to + 1}`];
    onChange(next);
  };
  return (
    <div className="table-scroll">
      <table className="table" data-testid="rules-table" ref={table}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('rules.col.name')}</th>
            <th scope="col">{t('rules.col.when')}</th>
            <th scope="col">{t('rules.col.then')}</th>
            <th scope="col">{t('manifests.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => {
            const n = index + 1;
            if (editing === index)
              return (
                <tr key={n} data-testid={`rule-row-${n}`}>
                  <td colSpan={5}>{form(index)}</td>
                </tr>
              );
            const { when, then } = describe(rule);
            return (
              <tr key={n} data-testid={`rule-row-${n}`}>
                <td>{n}</td>
                <td>{rule.name}</td>
                <td>{when}</td>
                <td>{then}</td>
                <td className="actions">
                  <button type="button" data-testid={`rule-edit-${n}`} onClick={() => onEdit(index)}>
                    {t('rules.edit')}
                  </button>{' '}
                  <button
                    type="button"
                    data-testid={`rule-up-${n}`}
                    aria-label={t('rules.up', { n })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>{' '}
                  <button
                    type="button"
                    data-testid={`rule-down-${n}`}
                    aria-label={t('rules.down', { n })}
                    disabled={index === rules.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>{' '}
                  <button
                    type="button"
                    data-testid={`rule-delete-${n}`}
                    onClick={() => onChange(rules.filter((_, i) => i !== index))}
                  >
                    {t('rules.delete')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
