// The shipping rules' actions above the list: add, save, preview, and the list exported to a JSON file (as saved) or
// replaced by one imported (checked whole by the station: a file with any mistake is refused, said by its path).
import { useRef } from 'react';
import { parseRuleSet } from '../../../shared/domain/shippingRules';
import type { CommandError } from '../../../shared/ipc/result';
import { errorText } from '../../components/errorText';
import { ruleFileText } from '../../components/ruleText';
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
  // A refused file is said in the operator's language: the station answers Italian words, the codes are read here
  // from the same shared checks (the file's schema, then the list's problems).
  const refusal = async (json: string, error: CommandError): Promise<string> => {
    if (error.code !== 'invalid') return errorText(t, error);
    const parsed = parseRuleSet(json);
    if (!parsed.ok) return ruleFileText({ t }, { issues: parsed.issues });
    const checked = await api.call('rules.check', { rules: parsed.value });
    return checked.ok && checked.value.problems.length > 0
      ? ruleFileText({ t }, { problems: checked.value.problems })
      : errorText(t, error);
  };
  const importRules = async (chosen: File | undefined) => {
    if (!chosen) return;
    const json = await chosen.text();
    const answer = await api.call('rules.import', { json });
    if (file.current) file.current.value = '';
    if (!answer.ok) return onMessage(await refusal(json, answer.error), true);
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
