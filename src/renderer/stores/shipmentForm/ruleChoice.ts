// What the shipping rules chose for the loaded order, asked of the station as the order is loaded (the rules saved
// now, offline): the rule's service, cash-on-delivery type, insured value and box go into the form, which says which
// rule chose and why; the operator may still change any of it. A rule that holds the order for a person stops the
// scan from shipping it (./scanFlow).
import type { WaitingOrder } from '../../../shared/domain/orders';
import { BOX_SCAN_PREFIX } from '../../../shared/domain/boxes';
import type { FormValues } from '../../../shared/domain/shipmentForm';
import type { FormContext, FormState, FormStore } from './formState';

export function createRuleActions({ api, get, set }: FormContext): Pick<FormState, 'applyRules' | 'rulesApplied'> {
  let applying: Promise<void> = Promise.resolve();

  async function apply(order: WaitingOrder) {
    const answer = await api.call('rules.forOrder', { id: order.id });
    // The operator moved on to another order meanwhile: its own rules are asked for it.
    if (!answer.ok || get().order?.id !== order.id) return;
    const ruled = answer.value.outcome;
    set({ ruled });
    const chosen = ruled.rule;
    if (!chosen) return;
    const { then } = chosen;
    const patch: Partial<FormValues> = {};
    if (then.courier)
      Object.assign(patch, { corriere: String(then.courier.corriere), servizio: String(then.courier.servizio) });
    if (then.codType !== undefined) patch.tipo_incasso = String(then.codType);
    if (chosen.insured !== undefined) patch.valore = String(chosen.insured);
    if (Object.keys(patch).length > 0) get().setValues(patch);
    if (then.box === undefined) return;
    const box = await api.call('boxes.pick', { text: `${BOX_SCAN_PREFIX}${then.box}` });
    if (!box.ok || !box.value.box || get().order?.id !== order.id) return;
    get().chooseBox(box.value.box, { by: 'rule', rule: `${chosen.index + 1}` });
  }

  return {
    applyRules(order) {
      applying = apply(order).catch(() => undefined);
      return applying;
    },
    rulesApplied: () => applying,
  };
}

/**
 * Once the loaded order's rules are in: the rule that holds it for a person (the scan then does not ship it; the form
 * keeps it loaded), if one does and the order is still the one loaded.
 */
export async function heldByRule(
  form: FormStore,
  orderId: number,
): Promise<{ rule: number; name: string } | undefined> {
  await form.getState().rulesApplied();
  const held = form.getState().ruled?.rule;
  if (!held?.then.hold || form.getState().order?.id !== orderId) return undefined;
  return { rule: held.index + 1, name: held.name };
}

/** A rule holds the loaded order for a person: Enter at the scan does not weigh it (the form's own save still can). */
export const isHeld = (form: FormStore): boolean => form.getState().ruled?.rule?.then.hold === true;
