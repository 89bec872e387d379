// The folder a shop program drops order files into: set here, and what it imported lately (or why not).
import { useState } from 'react';
import { useStore } from 'zustand';
import { useI18n, useT } from '../../i18n';
import { formats } from '../../../shared/format';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { MAX_ORDER_FILE_MB } from '../../../shared/ipc/orderCommands';
import { useStores } from '../../stores';
import type { FolderView } from '../../stores/ordersStore';
import { importResultText } from './importResult';
import { Lines } from './Lines';

export function FolderPanel() {
  const { orders } = useStores();
  const saved = useStore(orders, (s) => s.folder?.folder ?? '');
  const savedMb = useStore(orders, (s) => s.folder?.maxFileMb ?? 20);
  // Keyed by what is saved: the fields start again from it whenever the station says otherwise.
  return <FolderForm key={`${saved}|${savedMb}`} saved={saved} savedMb={savedMb} />;
}

/** The size field's text as a number of MB ("12,5" as a bench types it), or why not. */
function sizeOf(text: string): { mb: number } | { error: 'orders.maxFileMbInvalid' } {
  const mb = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(mb) && mb >= 1 && mb <= MAX_ORDER_FILE_MB
    ? { mb }
    : { error: 'orders.maxFileMbInvalid' };
}

function FolderForm({ saved, savedMb }: { saved: string; savedMb: number }) {
  const t = useT();
  const { orders } = useStores();
  const folder = useStore(orders, (s) => s.folder);
  const [dir, setDir] = useState(saved);
  const [size, setSize] = useState(String(savedMb).replace('.', ','));
  const [sizeError, setSizeError] = useState<string | undefined>();
  const save = async () => {
    const read = sizeOf(size);
    if ('error' in read) {
      setSizeError(t(read.error, { max: MAX_ORDER_FILE_MB }));
      return;
    }
    setSizeError(undefined);
    await orders.getState().setFolder({ folder: dir, maxFileMb: read.mb });
  };
  return (
    <section className="group" aria-labelledby="orders-folder-title" data-testid="orders-folder">
      <h2 id="orders-folder-title">{t('orders.folder')}</h2>
      <p className="muted">{t('orders.folderHint')}</p>
      <form
        className="folder-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <input
          data-testid="orders-folder-path"
          value={dir}
          aria-label={t('orders.folder')}
          placeholder="/percorso/ordini"
          onChange={(event) => setDir(event.target.value)}
        />
        <FieldShell
          name="orders-max-file-mb"
          label={t('orders.maxFileMb')}
          hint={t('orders.maxFileMbHint', { max: MAX_ORDER_FILE_MB })}
          error={sizeError}
        >
          <input
            id={controlId('orders-max-file-mb')}
            data-testid="orders-max-file-mb"
            inputMode="decimal"
            value={size}
            aria-describedby={sizeError ? errorId('orders-max-file-mb') : undefined}
            onChange={(event) => {
              setSize(event.target.value);
              setSizeError(undefined);
            }}
          />
        </FieldShell>
        <button type="submit" data-testid="orders-folder-save">
          {t('common.save')}
        </button>
      </form>
      <FolderLog log={folder?.log ?? []} />
    </section>
  );
}

/** What the folder imported lately, newest first: each file's counts (or why not), its rejected rows, its notes. */
function FolderLog({ log }: { log: FolderView['log'] }) {
  const { t, language } = useI18n();
  // When, as the bench's language writes a day and a time (never the browser's own locale).
  const when = (at: number) => formats(language).localDateTime(new Date(at));
  return (
    <ul className="folder-log" data-testid="orders-folder-log">
      {log.map((entry) => (
        <li key={`${entry.at}-${entry.file}`}>
          {when(entry.at)} — {entry.file}: {entry.error ?? importResultText(t, entry)}
          <Lines lines={entry.rejected} testId="orders-folder-rejected" />
          <Lines lines={entry.notes} testId="orders-folder-notes" />
        </li>
      ))}
    </ul>
  );
}
