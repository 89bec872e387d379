// "Da gestire" (F10): the departed parcels that need a person now, the most urgent first (held with the fewest days
// left, then refused or address not found, attempted, no movement), each with its state in the operator's words, since
// when, the days left, the recipient's phone and what to do. Keyboard first: ↑↓ move between rows, Enter opens
// "Registra azione".
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { AttentionItem } from '../../../shared/domain/attention';
import { errorText } from '../../components/errorText';
import { useI18n, type I18n } from '../../i18n';
import { useStores } from '../../stores';
import { RecordAction } from './RecordAction';

/** The state in the operator's words: a known kind by its name, an unknown one in the courier's own words. */
function stateText({ t }: I18n, item: AttentionItem, quietDays: number): string {
  if (item.reason === 'no_movement') return t('attention.noMovement', { count: quietDays });
  if (!item.state) return t('attention.noState');
  return item.state.kind === 'unknown' ? item.state.words : t(`parcel.kind.${item.state.kind}`);
}

interface RowProps {
  item: AttentionItem;
  i18n: I18n;
  quietDays: number;
  onOpen(): void;
  onMoved(): void;
}

function Row({ item, i18n, quietDays, onOpen, onMoved }: RowProps) {
  const { t, money, moment } = i18n;
  const move = (event: KeyboardEvent<HTMLTableRowElement>) => {
    const row = event.currentTarget;
    if (event.key === 'Enter') onOpen();
    else if (event.key === 'ArrowDown') (row.nextElementSibling as HTMLElement | null)?.focus();
    else if (event.key === 'ArrowUp') (row.previousElementSibling as HTMLElement | null)?.focus();
    else return;
    if (event.key !== 'Enter') onMoved();
    event.preventDefault();
  };
  const left = item.heldDaysLeft;
  return (
    <tr
      tabIndex={0}
      className="attention-row"
      data-testid={`attention-row-${item.shipmentId}`}
      data-reason={item.reason}
      onKeyDown={move}
      onDoubleClick={onOpen}
    >
      <td>
        <strong className={item.reason === 'held' || item.codLost ? 'status--attention' : undefined}>
          {stateText(i18n, item, quietDays)}
        </strong>
        {item.state && item.state.kind !== 'unknown' ? <div className="muted">{item.state.words}</div> : null}
        {item.cod > 0 ? (
          <div className={item.codLost ? 'status--attention' : 'muted'} data-testid="attention-cod">
            {t(item.codLost ? 'attention.codLost' : 'attention.cod', { amount: money(item.cod) })}
          </div>
        ) : null}
      </td>
      <td>
        {moment(item.quietSince)}
        <div className="muted">
          {item.waybill} · {item.courierName}
        </div>
      </td>
      <td data-testid="attention-left">
        {left === null ? '—' : left === 0 ? t('attention.lastDay') : t('attention.daysLeft', { count: left })}
      </td>
      <td>
        {item.recipient.name}
        <div className="muted">{item.recipient.city}</div>
      </td>
      <td>
        {item.recipient.phone ? (
          <a href={`tel:${item.recipient.phone.replace(/[^\d+]/g, '')}`} data-testid="attention-phone" tabIndex={-1}>
            {item.recipient.phone}
          </a>
        ) : (
          '—'
        )}
      </td>
      <td>
        <ul className="attention-todo">
          {item.todo.map((todo) => (
            <li key={todo}>{t(`attention.todo.${todo}`)}</li>
          ))}
        </ul>
        {item.lastAction ? (
          <div className="muted" data-testid="attention-last">
            {t('attention.last', {
              action: t(`attention.action.${item.lastAction.kind}`),
              when: moment(item.lastAction.at),
            })}
            {item.lastAction.note ? ` — ${item.lastAction.note}` : ''}
          </div>
        ) : null}
      </td>
      <td>
        <button type="button" data-testid={`attention-record-${item.shipmentId}`} tabIndex={-1} onClick={onOpen}>
          {t('attention.record')}
        </button>
      </td>
    </tr>
  );
}

export function AttentionScreen() {
  const i18n = useI18n();
  const { t } = i18n;
  const { attention } = useStores();
  const items = useStore(attention, (s) => s.items);
  const loaded = useStore(attention, (s) => s.loaded);
  const error = useStore(attention, (s) => s.error);
  const quietDays = useStore(attention, (s) => s.quietDays);
  const [open, setOpen] = useState<AttentionItem | undefined>();
  // The waybill last acted on: its line follows the language (F8) like the rest of the screen.
  const [acted, setActed] = useState<string | undefined>();
  const body = useRef<HTMLTableSectionElement>(null);
  // Whether the operator moved along the list since it opened or since the last action: until then the focus follows
  // the most urgent row as the list changes (a new state, an action seen from another window).
  const moved = useRef(false);

  useEffect(() => {
    void attention.getState().load();
  }, [attention]);
  // The first row takes the focus when the list comes, and again after an action: the next parcel is one key away.
  useEffect(() => {
    if (open || (moved.current && body.current?.contains(document.activeElement))) return;
    (body.current?.firstElementChild as HTMLElement | null)?.focus();
  }, [items, open]);

  return (
    <section className="attention-screen" data-testid="attention-screen" aria-labelledby="attention-title">
      <h1 id="attention-title">{t('attention.title')}</h1>
      <p className="muted">{t('attention.keys')}</p>
      {error ? (
        <p className="banner banner--error" role="alert" data-testid="attention-load-error">
          {errorText(t, error)}
        </p>
      ) : null}
      {acted ? (
        <p className="banner banner--ok" role="status" data-testid="attention-message">
          {t('attention.recorded', { waybill: acted })}
        </p>
      ) : null}
      {loaded && items.length === 0 ? (
        <p className="muted" data-testid="attention-empty">
          {t('attention.empty')}
        </p>
      ) : null}
      {items.length > 0 ? (
        <table className="table" data-testid="attention-table">
          <thead>
            <tr>
              <th scope="col">{t('attention.col.state')}</th>
              <th scope="col">{t('attention.col.since')}</th>
              <th scope="col">{t('attention.col.left')}</th>
              <th scope="col">{t('attention.col.recipient')}</th>
              <th scope="col">{t('attention.col.phone')}</th>
              <th scope="col">{t('attention.col.todo')}</th>
              <th scope="col">{t('attention.col.action')}</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {items.map((item) => (
              <Row
                key={item.shipmentId}
                item={item}
                i18n={i18n}
                quietDays={quietDays}
                onOpen={() => setOpen(item)}
                onMoved={() => (moved.current = true)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {open ? (
        <RecordAction
          item={open}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            moved.current = false;
            setActed(open.waybill);
            setOpen(undefined);
          }}
        />
      ) : null}
    </section>
  );
}
