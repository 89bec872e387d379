// Settings › Regole: the shipping rules, an ordered list (the first an order meets wins), edited here before they are
// saved: added, edited in place, moved up or down, deleted, all from the keyboard; the list's problems said as it is
// edited (a service or box the bench lacks, a rule never reached, a contradiction), and refused at save while any
// stands; a preview over the orders waiting of the list as edited; the list exported and imported as a JSON file.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { RuleProblem } from '../../../shared/domain/ruleProblems';
import { RULES_VERSION, type Rule } from '../../../shared/domain/shippingRules';
import { errorText } from '../../components/errorText';
import { problemText, thenText, whenText } from '../../components/ruleText';
import { useStationRead } from '../../components/useStationRead';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';
import { RuleForm } from './RuleForm';
import { RulesPreview, type Preview } from './RulesPreview';
import { RulesTable } from './RulesTable';
import { RulesToolbar } from './RulesToolbar';

/** undefined: the banner's refusal no longer holds (the problems it spoke of are fixed). */
type Say = (text: string | undefined, error: boolean) => void;

export function RulesPage({ onMessage }: { onMessage: Say }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { api, app } = useStores();
  const [generation, setGeneration] = useState(0);
  const saved = useStationRead(
    () => api.call('rules.get', {}),
    String(generation),
    (error) => onMessage(errorText(t, error), true),
  )?.rules.rules;
  const boxes =
    useStationRead(
      () => api.call('boxes.list', {}),
      'boxes',
      () => undefined,
    )?.boxes.map((b) => b.name) ?? [];
  const [draft, setDraft] = useState<Rule[] | undefined>();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const [problems, setProblems] = useState<RuleProblem[]>([]);
  const [preview, setPreview] = useState<Preview | undefined>();
  const rules = draft ?? saved;
  const couriers = useStore(app, (s) => s.info?.couriers);
  /** The rule's service as the engine names it ("Demo Express Standard"); its numbers when the bench lacks it. */
  const serviceName = ({ then: { courier } }: Rule) => {
    if (!courier) return undefined;
    const c = couriers?.find((x) => x.id === courier.corriere);
    const s = c?.services.find((x) => x.id === courier.servizio);
    return c && s ? `${c.name} ${s.name}` : `${courier.corriere}/${courier.servizio}`;
  };
  const dirty = draft !== undefined;
  // A save refused for the list's problems: its banner goes once a check of the list as edited finds none.
  const refused = useRef<Say | undefined>(undefined);

  useEffect(() => {
    if (!rules) return;
    let current = true;
    void api.call('rules.check', { rules: { version: RULES_VERSION, rules } }).then((answer) => {
      if (!current || !answer.ok) return;
      setProblems(answer.value.problems);
      if (answer.value.problems.length > 0 || !refused.current) return;
      refused.current(undefined, false);
      refused.current = undefined;
    });
    return () => {
      current = false;
    };
  }, [api, rules]);

  const change = (next: Rule[]) => {
    setDraft(next);
    setPreview(undefined);
  };
  const done = (rule: Rule) => {
    const list = [...(rules ?? [])];
    if (editing === 'new') list.push(rule);
    else if (editing !== undefined) list[editing] = rule;
    setEditing(undefined);
    change(list);
  };
  const save = async () => {
    const answer = await api.call('rules.save', { rules: { version: RULES_VERSION, rules: rules ?? [] } });
    if (!answer.ok) {
      onMessage(t('rules.notSaved'), true);
      refused.current = onMessage;
      return;
    }
    refused.current = undefined;
    setDraft(undefined);
    setGeneration((n) => n + 1);
    onMessage(t('rules.saved', { count: answer.value.rules.rules.length }), false);
  };
  const runPreview = async () => {
    const answer = await api.call('rules.preview', {
      rules: { version: RULES_VERSION, rules: rules ?? [] },
      limit: 50,
    });
    if (answer.ok) setPreview(answer.value);
    else onMessage(errorText(t, answer.error), true);
  };
  return (
    <fieldset className="group" data-testid="settings-rules">
      <legend>{t('rules.title')}</legend>
      <p className="group__note">{t('rules.note')}</p>
      <RulesToolbar
        dirty={dirty}
        adding={editing !== undefined}
        onAdd={() => setEditing('new')}
        onSave={() => void save()}
        onPreview={() => void runPreview()}
        onImported={(count) => {
          refused.current = undefined;
          setDraft(undefined);
          setGeneration((n) => n + 1);
          onMessage(t('rules.imported', { count }), false);
        }}
        onMessage={onMessage}
      />
      {problems.length > 0 ? (
        <ul className="banner banner--error" role="alert" data-testid="rules-problems">
          {problems.map((p) => (
            <li key={`${p.index}-${p.code}`}>{problemText(i18n, p)}</li>
          ))}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <RuleForm
          prefix="rule-new"
          rule={undefined}
          boxes={boxes}
          onDone={done}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {rules === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : rules.length === 0 ? (
        <p className="muted" data-testid="rules-empty">
          {t('rules.empty')}
        </p>
      ) : (
        <RulesTable
          rules={rules}
          editing={editing}
          describe={(rule) => ({
            when: whenText(i18n, rule.when),
            then: thenText(i18n, rule.then, serviceName(rule)),
          })}
          form={(index) => (
            <RuleForm
              prefix="rule-edit"
              rule={rules[index]}
              boxes={boxes}
              onDone={done}
              onCancel={() => setEditing(undefined)}
            />
          )}
          onEdit={setEditing}
          onChange={change}
        />
      )}
      {preview ? <RulesPreview preview={preview} /> : null}
    </fieldset>
  );
}
