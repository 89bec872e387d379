// Which shipping rule chose the loaded order's service and why, under the courier ("Regola 3 (...): contrassegno e
// fino a 3 kg → Demo Express Standard"), and each rule the order met that was not followed, with the reason. The
// operator may still change the choice: this says where it came from.
import { useStore } from 'zustand';
import { chosenText, passedTexts } from '../../components/ruleText';
import { useI18n } from '../../i18n';
import { useStores } from '../../stores';

export function ChosenRule() {
  const i18n = useI18n();
  const { form } = useStores();
  const ruled = useStore(form, (s) => s.ruled);
  if (!ruled || (!ruled.rule && ruled.passed.length === 0)) return null;
  return (
    <div
      className="field--wide chosen-rule"
      data-testid="chosen-rule"
      data-rule={ruled.rule ? ruled.rule.index + 1 : 0}
    >
      <p className="field__hint" role="status">
        {chosenText(i18n, ruled)}
      </p>
      {passedTexts(i18n, ruled).map((text) => (
        <p key={text} className="field__hint muted" data-testid="rule-passed">
          {text}
        </p>
      ))}
    </div>
  );
}
