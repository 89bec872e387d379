// "Registra azione": what the operator did about one parcel needing a person (the action, the likeliest first, and a
// short note), saved with Enter from either field; the parcel leaves the list until its state changes.
import { useState } from 'react';
import {
  ATTENTION_ACTIONS,
  ATTENTION_NOTE_MAX,
  type AttentionAction,
  type AttentionItem,
  type AttentionTodo,
} from '../../../shared/domain/attention';
import { Dialog } from '../../components/Dialog';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

/** The action that answers the bench's first suggestion: the choice offered first. */
const ACTION_OF: Record<AttentionTodo, AttentionAction> = {
  call_recipient: 'called',
  ask_redelivery: 'redelivery_asked',
  give_new_address: 'new_address_given',
  accept_return: 'return_accepted',
  ask_courier_where: 'other',
};

export function RecordAction({ item, onClose, onDone }: { item: AttentionItem; onClose(): void; onDone(): void }) {
  const t = useT();
  const { attention } = useStores();
  const first = item.todo[0];
  const [kind, setKind] = useState<AttentionAction>(first ? ACTION_OF[first] : 'other');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    const result = await attention.getState().act(item.shipmentId, kind, note);
    setSaving(false);
    if (result.ok) onDone();
    else setError(errorText(t, result.error));
  };
  return (
    <Dialog testId="attention-dialog" title={t('attention.recordTitle', { waybill: item.waybill })} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        onKeyDown={(event) => {
          // Enter saves from the choice too (a select does not submit its form by itself).
          if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
            event.preventDefault();
            void save();
          }
        }}
      >
        <div className="field">
          <label htmlFor={controlId('attention-action')}>{t('attention.action')}</label>
          <select
            id={controlId('attention-action')}
            data-testid="attention-action"
            data-autofocus
            value={kind}
            onChange={(event) => setKind(event.target.value as AttentionAction)}
          >
            {ATTENTION_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`attention.action.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={controlId('attention-note')}>{t('attention.note')}</label>
          <input
            id={controlId('attention-note')}
            data-testid="attention-note"
            maxLength={ATTENTION_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {error ? (
          <p className="banner banner--error" role="alert" data-testid="attention-error">
            {error}
          </p>
        ) : null}
        <p className="muted">{t('attention.saveKeys')}</p>
        <div className="dialog__actions">
          <button type="submit" className="primary" data-testid="attention-save" disabled={saving}>
            {t('common.save')}
          </button>
          <button type="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
