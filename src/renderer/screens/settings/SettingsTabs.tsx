// The list of Settings pages at the left: a vertical tablist. Arrow keys (and Home/End) move between the pages,
// Enter or Space opens one and puts the focus in it, Tab from the list goes into the open page; a click opens too.
import { useRef, useState, type KeyboardEvent } from 'react';
import { SETTINGS_PAGES, type SettingsPage } from '../../stores/appStore';
import { SETTINGS_PAGE_LABELS } from '../../components/SettingsLink';
import { useT } from '../../i18n';

export const tabId = (page: SettingsPage) => `settings-tab-${page}`;
export const PANEL_ID = 'settings-panel';

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => (i >= last ? 0 : i + 1),
  ArrowRight: (i, last) => (i >= last ? 0 : i + 1),
  ArrowUp: (i, last) => (i <= 0 ? last : i - 1),
  ArrowLeft: (i, last) => (i <= 0 ? last : i - 1),
  Home: () => 0,
  End: (_i, last) => last,
};

export function SettingsTabs({
  page,
  onOpen,
}: {
  page: SettingsPage;
  /** `enter`: opened from the keyboard, so the focus goes into the page. */
  onOpen(page: SettingsPage, enter: boolean): void;
}) {
  const t = useT();
  // The tab the arrows are on: the only one reached by Tab (roving tabindex), so Tab leaves the list for the page.
  const [current, setCurrent] = useState<SettingsPage>(page);
  const [lastOpened, setLastOpened] = useState(page);
  const refs = useRef(new Map<SettingsPage, HTMLButtonElement>());
  if (lastOpened !== page) {
    // Opened from elsewhere (a hint's link): the arrows start from it.
    setLastOpened(page);
    setCurrent(page);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const next = SETTINGS_PAGES[move(index, SETTINGS_PAGES.length - 1)] ?? page;
      setCurrent(next);
      refs.current.get(next)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(SETTINGS_PAGES[index] ?? page, true);
    }
  };

  return (
    <div
      className="settings-tabs"
      role="tablist"
      aria-orientation="vertical"
      aria-label={t('settings.pages')}
      data-testid="settings-tabs"
    >
      {SETTINGS_PAGES.map((p, index) => (
        <button
          key={p}
          ref={(el) => {
            if (el) refs.current.set(p, el);
            else refs.current.delete(p);
          }}
          type="button"
          role="tab"
          id={tabId(p)}
          className="settings-tab"
          data-testid={tabId(p)}
          aria-selected={p === page}
          aria-controls={p === page ? PANEL_ID : undefined}
          tabIndex={p === current ? 0 : -1}
          onFocus={() => setCurrent(p)}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => onOpen(p, false)}
        >
          {t(SETTINGS_PAGE_LABELS[p])}
        </button>
      ))}
      <p className="settings-tabs__hint muted" aria-hidden="true">
        {t('settings.pagesHint')}
      </p>
    </div>
  );
}
