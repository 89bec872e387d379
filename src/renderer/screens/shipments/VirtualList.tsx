// The shipment list, virtualised by hand: rows have one fixed height, only the visible rows plus an overscan are in
// the DOM, and the store fetches the server pages they fall in. Positions are set through the CSSOM (element.style),
// which the Content-Security-Policy allows, never through style attributes in the markup.
// Keyboard: arrows, Page Up/Down, Home/End move the cursor; Enter opens; Space selects (departing list). The mouse:
// a click moves the cursor there and, in the departing list, makes the row the selection (Ctrl+click adds or takes
// it, as the box does); a double click opens.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useI18n } from '../../i18n';
import { PAGE_SIZE, type ListStore } from '../../stores/listStore';
import { ListHeaderRow, ListRow } from './ListRow';

const ROW_HEIGHT = 32;
const OVERSCAN = 10;

export interface VirtualListProps {
  store: ListStore;
  selectable: boolean;
  label: string;
  onOpen(id: number): void;
  testId: string;
}

export function VirtualList({ store, selectable, label, onOpen, testId }: VirtualListProps) {
  const { t } = useI18n();
  const viewport = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const total = useStore(store, (s) => s.total);
  const pages = useStore(store, (s) => s.pages);
  const cursor = useStore(store, (s) => s.cursor);
  const selected = useStore(store, (s) => s.selected);
  const version = useStore(store, (s) => s.version);
  const loaded = useStore(store, (s) => s.loaded);
  const search = useStore(store, (s) => s.search);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total - 1, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const perPage = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    setHeight(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reset with the DOM's scroll position, together
    setScrollTop(0);
  }, [version]);

  useEffect(() => {
    store.getState().showRange(first, Math.max(first, last));
  }, [store, first, last, pages]);

  useLayoutEffect(() => {
    if (spacer.current) spacer.current.style.height = `${total * ROW_HEIGHT}px`;
    if (windowRef.current) windowRef.current.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
  }, [total, first]);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const top = cursor * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  }, [cursor]);

  const state = store.getState();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: perPage, PageUp: -perPage };
    const move = moves[event.key];
    if (move !== undefined) state.setCursor(cursor + move);
    else if (event.key === 'Home') state.setCursor(0);
    else if (event.key === 'End') state.setCursor(total - 1);
    else if (event.key === 'Enter') {
      const row = state.rowAt(cursor);
      if (row) onOpen(row.id);
    } else if (event.key === ' ' && selectable) {
      const row = state.rowAt(cursor);
      if (row) state.toggleSelected(row.id);
    } else return;
    event.preventDefault();
  };

  const rows = [];
  for (let index = first; index <= last; index += 1) {
    const row = pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
    rows.push(
      <ListRow
        key={row ? `r${row.id}` : `i${index}`}
        row={row}
        index={index}
        active={index === cursor}
        selected={row ? selected.includes(row.id) : false}
        selectable={selectable}
        onToggle={(id) => state.toggleSelected(id)}
        onClick={(i, adding) => {
          state.setCursor(i);
          if (!selectable || !row) return;
          if (adding) state.toggleSelected(row.id);
          else state.selectOnly(row.id);
        }}
        onOpen={onOpen}
      />,
    );
  }
  const activeRow = state.rowAt(cursor);

  return (
    <div
      className="vlist"
      role="grid"
      aria-label={label}
      aria-rowcount={total + 1}
      aria-multiselectable={selectable || undefined}
    >
      <ListHeaderRow selectable={selectable} />
      <div
        ref={viewport}
        className="vlist__viewport"
        tabIndex={0}
        data-testid={testId}
        data-total={total}
        aria-activedescendant={activeRow ? `vrow-${activeRow.id}` : undefined}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
      >
        <div ref={spacer} className="vlist__spacer">
          <div ref={windowRef} className="vlist__window">
            {rows}
          </div>
        </div>
        {loaded && total === 0 ? (
          <p className="vlist__empty muted" data-testid={`${testId}-empty`}>
            {search ? t('list.emptySearch', { search }) : t('list.empty')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
