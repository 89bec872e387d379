// An order file's preview: what each column is (remembered per file layout; a column may be a further part of a
// field or its fallback), the default client, how many orders are ready and how many are paid on delivery, and every
// row the form's rules or the file refuse with a cell for each field it lacks, editable in place. Nothing is kept
// before "Importa".
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { fieldErrorText } from '../../components/fieldErrorText';
import { LogTable } from '../../components/LogTable';
import { useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { ORDER_FIELDS, type OrderField } from '../../../shared/domain/orderColumns';
import type { ImportPreview, ImportProblem } from '../../../shared/ipc/orderCommands';
import { CodBadge } from './OrderMarks';
import { choiceOf, gridFields, gridRows, mappedFields, parseChoice } from './previewColumns';

const fieldLabel = (field: OrderField): MessageKey => `orderField.${field}`;

function ProblemCell({ problem, field }: { problem: ImportProblem; field: OrderField }) {
  const t = useT();
  const { orders } = useStores();
  const original = problem.cells[field] ?? '';
  const [value, setValue] = useState(original);
  // The station's answer to a fix gives the cell as it will be kept: shown, without remounting the row (the focus
  // stays where the operator is).
  const [answered, setAnswered] = useState(original);
  if (answered !== original) {
    setAnswered(original);
    setValue(original);
  }
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
      {field === 'contrassegno' ? <CodBadge amount={original} /> : null}
      {issue ? (
        <span className="field__error" data-testid={`${id}-error`}>
          {fieldErrorText(t, issue)}
        </span>
      ) : null}
    </td>
  );
}

function MappingEditor({ preview, busy }: { preview: ImportPreview; busy: boolean }) {
  const t = useT();
  const { orders } = useStores();
  const mapped = mappedFields(preview.mapping);
  return (
    <div className="mapping" data-testid="orders-mapping">
      {preview.headers.map((header, column) => (
        <label key={`${column}-${header}`} className="mapping__column">
          <span>{header || t('orders.column', { n: column + 1 })}</span>
          <select
            data-testid={`map-${column}`}
            value={choiceOf(preview.mapping, column)}
            disabled={busy}
            onChange={(event) => {
              const { field, role } = parseChoice(event.target.value);
              void orders.getState().map(column, field, role);
            }}
          >
            <option value="">{t('orders.ignore')}</option>
            {ORDER_FIELDS.map(({ field }) => (
              <option key={field} value={field}>
                {t(fieldLabel(field))}
              </option>
            ))}
            {mapped.length > 0 ? (
              <>
                <optgroup label={t('orders.mapPart')}>
                  {mapped.map((field) => (
                    <option key={field} value={`+${field}`}>
                      {t('orders.partOf', { field: t(fieldLabel(field)) })}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t('orders.mapFallback')}>
                  {mapped.map((field) => (
                    <option key={field} value={`?${field}`}>
                      {t('orders.fallbackOf', { field: t(fieldLabel(field)) })}
                    </option>
                  ))}
                </optgroup>
              </>
            ) : null}
          </select>
        </label>
      ))}
    </div>
  );
}

function CodList({ preview }: { preview: ImportPreview }) {
  const t = useT();
  if (preview.codCount === 0) return null;
  return (
    <section className="cod-orders" data-testid="orders-cod" aria-labelledby="orders-cod-title">
      <h3 id="orders-cod-title">{t('orders.codTitle', { n: preview.codCount })}</h3>
      <table className="table">
        <thead>
          <tr>
            <th>{t('orderField.order_ref')}</th>
            <th>{t('orderField.rcpt_name')}</th>
            <th>{t('orderField.contrassegno')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.cod.map((row) => (
            <tr key={row.line} data-testid={`cod-${row.orderRef}`}>
              <td>{row.orderRef}</td>
              <td>{row.cells.rcpt_name ?? ''}</td>
              <td>
                <CodBadge amount={row.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ProblemRow({ problem, grid }: { problem: ImportProblem; grid: readonly OrderField[] }) {
  const t = useT();
  const { orders } = useStores();
  const others = Object.entries(problem.errors).filter(([f]) => !grid.includes(f as OrderField));
  const ready = Object.keys(problem.errors).length === 0;
  return (
    <tr
      data-testid={`problem-${problem.line}`}
      data-ready={ready ? 'true' : undefined}
      onFocus={() => orders.getState().enterRow(problem.line)}
    >
      <td>{problem.line}</td>
      {grid.map((field) => (
        <ProblemCell key={field} problem={problem} field={field} />
      ))}
      <td data-testid={`problem-${problem.line}-other`}>
        {ready ? (
          <span className="badge badge--ok" data-testid={`problem-${problem.line}-ready`}>
            {t('orders.rowReady')}
          </span>
        ) : (
          others.map(([f, issue]) => `${f}: ${fieldErrorText(t, issue)}`).join('; ')
        )}
      </td>
    </tr>
  );
}

export function ImportPreviewPanel() {
  const t = useT();
  const { orders, app } = useStores();
  const preview = useStore(orders, (s) => s.preview);
  const editing = useStore(orders, (s) => s.editing);
  const busy = useStore(orders, (s) => s.busy);
  const clientIds = useStore(app, (s) => s.info?.clientIds ?? []);
  const panel = useRef<HTMLDivElement>(null);
  // A file's preview, once drawn, takes the focus from the file button the operator left: to the first cell to fix
  // when rows are refused, else to "Importa" (Enter imports). Each file picked is a new import, a corrected one picked
  // over the last one's preview too (the button, disabled while it is read, lost the focus). Not again while the same
  // import's preview changes (a fix, a column chosen): the operator is working in it.
  const importId = preview?.importId;
  useEffect(() => {
    if (importId === undefined) return;
    const find = (selector: string) => panel.current?.querySelector<HTMLElement>(selector);
    (find('input[aria-invalid="true"]') ?? find('[data-testid="orders-confirm"]:not(:disabled)'))?.focus();
  }, [importId]);
  if (!preview) return null;
  const grid = gridFields(preview);
  const rows = gridRows(preview, editing);
  return (
    <div className="import-preview" data-testid="orders-preview" ref={panel}>
      <p data-testid="orders-summary">
        {t('orders.summary', {
          file: preview.fileName,
          rows: preview.rows,
          orders: preview.orders,
          valid: preview.valid,
          problems: preview.problemCount,
        })}{' '}
        {preview.codCount > 0 ? (
          <span className="badge badge--attention" data-testid="orders-cod-count">
            {t('orders.codCount', { n: preview.codCount })}
          </span>
        ) : null}{' '}
        {preview.remembered ? <span className="badge badge--ok">{t('orders.remembered')}</span> : null}
      </p>
      {preview.damagedLines.length > 0 ? (
        <p className="banner banner--error" data-testid="orders-damaged" role="alert">
          {t('orders.damaged', { lines: preview.damagedLines.slice(0, 20).join(', ') })}
        </p>
      ) : null}
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
      <MappingEditor preview={preview} busy={busy} />
      <CodList preview={preview} />
      {rows.length > 0 ? (
        <>
          <h3>{t('orders.problems', { n: preview.problemCount })}</h3>
          <LogTable
            testId="orders-problems"
            scroll
            headers={[t('orders.line'), ...grid.map((field) => t(fieldLabel(field))), t('orders.otherErrors')]}
          >
            {rows.map((problem) => (
              <ProblemRow key={problem.line} problem={problem} grid={grid} />
            ))}
          </LogTable>
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
