// The folder a shop program drops order files into: set here, and what it imported lately (or why not).
import { useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

export function FolderPanel() {
  const { orders } = useStores();
  const saved = useStore(orders, (s) => s.folder?.folder ?? '');
  // Keyed by the saved folder: the field starts again from it whenever the station says another one.
  return <FolderForm key={saved} saved={saved} />;
}

function FolderForm({ saved }: { saved: string }) {
  const t = useT();
  const { orders } = useStores();
  const folder = useStore(orders, (s) => s.folder);
  const [dir, setDir] = useState(saved);
  return (
    <section className="group" aria-labelledby="orders-folder-title" data-testid="orders-folder">
      <h2 id="orders-folder-title">{t('orders.folder')}</h2>
      <p className="muted">{t('orders.folderHint')}</p>
      <input
        data-testid="orders-folder-path"
        value={dir}
        aria-label={t('orders.folder')}
        placeholder="/percorso/ordini"
        onChange={(event) => setDir(event.target.value)}
      />{' '}
      <button type="button" data-testid="orders-folder-save" onClick={() => void orders.getState().setFolder(dir)}>
        {t('common.save')}
      </button>
      <ul className="folder-log" data-testid="orders-folder-log">
        {(folder?.log ?? []).map((entry) => (
          <li key={`${entry.at}-${entry.file}`}>
            {new Date(entry.at).toLocaleString()} — {entry.file}:{' '}
            {entry.error ??
              t('orders.result', { added: entry.added, duplicates: entry.duplicates, invalid: entry.invalid })}
            {entry.rejected?.length ? (
              <ul data-testid="orders-folder-rejected">
                {entry.rejected.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            {entry.notes?.length ? (
              <ul data-testid="orders-folder-notes">
                {entry.notes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
