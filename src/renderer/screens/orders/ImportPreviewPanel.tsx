// An order file's preview: what each column is (remembered per file layout), the default client, how many orders
// are ready, and every row the form's rules refuse with its cells editable in place. Nothing is kept before "Importa".
import { useState } from 'react';
import { useStore } from 'zustand';
import { fieldErrorText } from '../../components/fieldErrorText';
import { useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { ORDER_FIELDS, type OrderField } from '../../../shared/domain/orderColumns';
import type { ImportProblem } from '../../../shared/ipc/benchCommands';

const fieldLabel = (field: string): MessageKey => `orderField.${field}` as MessageKey;

function ProblemCell({ problem, field }: { problem: ImportProblem; field: OrderField }) {
  const t = useT();
  const { orders } = useStores();
  const original = problem.cells[field] ?? '';
  const [value, setValue] = useState(original);
  const issue = problem.errors[field];
  const commit = () => {
    if (value !== original) void orders.getState().fix(problem.line, field, value);
  };
  const id = `fix-${problem.line}-${field}`;
  return (
    <td className={issue ? 'cell--invalid' : undefined}>
      <input
        id={id}
        data-testid={id}
        value={value}
        aria-label={`${t(fieldLabel(field))} (${t('orders.row', { line: problem.line })})`}
        aria-invalid={issue ? true : undefined}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {issue ? (
        <span className="field__error" data-testid={`${id}-error`}>
          {fieldErrorText(t, issue)}
        </span>
      ) : null}
    </td>
  );
}

export function ImportPreviewPanel() {
  const t = useT();
  const { orders, app } = useStores();
  const preview = useStore(orders, (s) => s.preview);
  const busy = useStore(orders, (s) => s.busy);
  const clientIds = useStore(app, (s) => s.info?.clientIds ?? []);
  if (!preview) return null;
  const mapped = ORDER_FIELDS.map((f) => f.field).filter((f) => preview.mapping.includes(f));
  return (
    <div className="import-preview" data-testid="orders-preview">
      <p data-testid="orders-summary">
        {t('orders.summary', {
          file: preview.fileName,
          rows: preview.rows,
          orders: preview.orders,
          valid: preview.valid,
          problems: preview.problemCount,
        })}{' '}
        {preview.remembered ? <span className="badge badge--ok">{t('orders.remembered')}</span> : null}
      </p>
      <label htmlFor="orders-client">{t('orders.client')}</label>{' '}
      <select
        id="orders-client"
        data-testid="orders-client"
        value={String(preview.clientId)}
        disabled={busy}
        onChange={(event) => void orders.getState().setClient(Number(event.target.value))}
      >
        {clientIds.map((id) => (
          <option key={id} value={String(id)}>
            {id}
          </option>
        ))}
      </select>
      <h3>{t('orders.mapping')}</h3>
      <div className="mapping" data-testid="orders-mapping">
        {preview.headers.map((header, column) => (
          <label key={`${column}-${header}`} className="mapping__column">
            <span>{header || t('orders.column', { n: column + 1 })}</span>
            <select
              data-testid={`map-${column}`}
              value={preview.mapping[column] ?? ''}
              disabled={busy}
              onChange={(event) => void orders.getState().map(column, event.target.value as OrderField | '')}
            >
              <option value="">{t('orders.ignore')}</option>
              {ORDER_FIELDS.map(({ field }) => (
                <option key={field} value={field}>
                  {t(fieldLabel(field))}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {preview.problems.length > 0 ? (
        <>
          <h3>{t('orders.problems', { n: preview.problemCount })}</h3>
          <div className="table-scroll">
            <table className="table" data-testid="orders-problems">
              <thead>
                <tr>
                  <th>{t('orders.line')}</th>
                  {mapped.map((field) => (
                    <th key={field}>{t(fieldLabel(field))}</th>
                  ))}
                  <th>{t('orders.otherErrors')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.problems.map((problem) => {
                  const others = Object.entries(problem.errors).filter(([f]) => !mapped.includes(f as OrderField));
                  return (
                    // The row's key carries its errors, so a fixed row's inputs start again from the new cells.
                    <tr
                      key={`${problem.line}-${JSON.stringify(problem.cells)}`}
                      data-testid={`problem-${problem.line}`}
                    >
                      <td>{problem.line}</td>
                      {mapped.map((field) => (
                        <ProblemCell key={field} problem={problem} field={field} />
                      ))}
                      <td data-testid={`problem-${problem.line}-other`}>
                        {others.map(([f, issue]) => `${f}: ${fieldErrorText(t, issue)}`).join('; ')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="orders-confirm"
          disabled={busy || preview.valid === 0}
          onClick={() => void orders.getState().confirm()}
        >
          {t('orders.confirm', { n: preview.valid })}
        </button>
        <button type="button" data-testid="orders-cancel" disabled={busy} onClick={() => orders.getState().cancel()}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
