// The shipping rules' actions above the list: add, save, preview, and the list exported to a JSON file (as saved) or
// replaced by one imported (checked whole by the station: a file with any mistake is refused, said by its path).
import { useRef } from 'react';
import { errorText } from '../../components/errorText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

export function RulesToolbar({
  dirty,
  adding,
  onAdd,
  onSave,
  onPreview,
  onImported,
  onMessage,
}: {
  /** Edits not saved yet. */
  dirty: boolean;
  adding: boolean;
  onAdd(): void;
  onSave(): void;
  onPreview(): void;
  onImported(count: number): void;
  onMessage(text: string, error: boolean): void;
}) {
  const t = useT();
  const { api } = useStores();
  const file = useRef<HTMLInputElement>(null);
  const exportRules = async () => {
    const answer = await api.call('rules.export', {});
    if (!answer.ok) return onMessage(errorText(t, answer.error), true);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([answer.value.json], { type: 'application/json' }));
    link.download = 'regole-spedizione.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const importRules = async (chosen: File | undefined) => {
    if (!chosen) return;
    const answer = await api.call('rules.import', { json: await chosen.text() });
    if (file.current) file.current.value = '';
    if (!answer.ok) return onMessage(errorText(t, answer.error), true);
    onImported(answer.value.rules.rules.length);
  };
  return (
    <div className="products-toolbar">
      <button type="button" data-testid="rules-add" onClick={onAdd} disabled={adding}>
        {t('rules.add')}
      </button>
      <button type="button" className="primary" data-testid="rules-save" onClick={onSave} disabled={!dirty}>
        {t('rules.save')}
      </button>
      <button type="button" data-testid="rules-preview-run" onClick={onPreview}>
        {t('rules.preview.run')}
      </button>
      <button type="button" data-testid="rules-export" onClick={() => void exportRules()}>
        {t('rules.export')}
      </button>
      <button type="button" data-testid="rules-import-open" onClick={() => file.current?.click()}>
        {t('rules.import')}
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="rules-import"
        onChange={(e) => void importRules(e.target.files?.[0])}
      />
      {dirty ? (
        <span className="muted" data-testid="rules-unsaved">
          {t('rules.unsaved')}
        </span>
      ) : null}
    </div>
  );
}
