// What an order waiting tells the packer before it is scanned: the cash its courier collects, a parcel leaving the EU
// customs territory (goods lines and invoice needed), and the shipping rule that chose for it at import (held for a
// person, loudly), as badges beside its number in the list (F9) and the preview.
import { useI18n } from '../../i18n';
import { chosenText } from '../../components/ruleText';
import type { RuleOutcome } from '../../../shared/domain/ruleEvaluation';
import { codAmount } from '../../../shared/domain/cashOnDelivery';
import { outsideEuCustoms } from '../../../shared/domain/customs';

export function CodBadge({ amount, testId }: { amount: string | undefined; testId?: string }) {
  const { t, money } = useI18n();
  const value = codAmount(amount);
  if (value === 0) return null;
  return (
    <span className="badge badge--attention" data-testid={testId}>
      {t('orders.codBadge', { amount: money(value) })}
    </span>
  );
}

/** The badges of one order waiting, by its form values (an order with no country is Italian, as the form's default). */
/** The rule that chose for the order at import: its number, the choice and why on hover; a hold said loudly. */
function RuleBadge({ outcome, testId }: { outcome: RuleOutcome | undefined; testId: string }) {
  const i18n = useI18n();
  const rule = outcome?.rule;
  if (!outcome || !rule) return null;
  const hold = rule.then.hold === true;
  return (
    <span
      className={`badge ${hold ? 'badge--attention' : 'badge--waiting'}`}
      data-testid={testId}
      data-hold={hold ? 'yes' : 'no'}
      title={chosenText(i18n, outcome)}
    >
      {i18n.t(hold ? 'orders.ruleHold' : 'orders.ruleBadge', { n: rule.index + 1 })}
    </span>
  );
}

export function OrderMarks({
  values,
  rule,
  testId,
}: {
  values: Readonly<Record<string, string>>;
  rule?: RuleOutcome | undefined;
  testId: string;
}) {
  const { t } = useI18n();
  const country = (values.rcpt_country_code ?? '').trim().toUpperCase() || 'IT';
  return (
    <>
      <CodBadge amount={values.contrassegno} testId={`${testId}-cod`} />
      {outsideEuCustoms(country, values.rcpt_cap ?? '') ? (
        <span className="badge badge--waiting" data-testid={`${testId}-non-eu`}>
          {t('orders.nonEu', { country })}
        </span>
      ) : null}
      <RuleBadge outcome={rule} testId={`${testId}-rule`} />
    </>
  );
}
