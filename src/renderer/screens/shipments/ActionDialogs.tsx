// Small dialogs over the detail: reprint asks why (the reason is logged with each reprint), delete asks to confirm.
import { useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { controlId, errorId, FieldShell } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

/** The reasons a bench reprints for, one click each (the reason is logged with the reprint). */
const REPRINT_PRESETS = ['damaged', 'jam', 'lost', 'relabel'] as const;

export function ReprintDialog({ onClose, onDone }: { onClose(): void; onDone(queued: number): void }) {
  const t = useT();
  const { detail } = useStores();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // A reason picked from the presets is all the dialog needs: the focus goes to Ristampa, so Enter prints (on the
  // preset it picked the same reason again).
  const confirmButton = useRef<HTMLButtonElement>(null);

  return (
    <Dialog testId="reprint-dialog" title={t('reprint.title')} onClose={onClose}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (reason.trim() === '') {
            setError(t('reprint.reasonRequired'));
            return;
          }
          setBusy(true);
          const result = await detail.getState().reprint(reason.trim());
          setBusy(false);
          if (result.ok) onDone(result.value.queued);
          else setError(errorText(t, result.error));
        }}
      >
        <FieldShell name="reprint-reason" label={t('reprint.reason')} error={error} required>
          <input
            id={controlId('reprint-reason')}
            data-testid="field-reprint-reason"
            maxLength={200}
            value={reason}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId('reprint-reason') : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        </FieldShell>
        <div className="chips" role="group" aria-label={t('reprint.presets')}>
          {REPRINT_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="chip"
              data-testid={`reprint-preset-${preset}`}
              onClick={() => {
                setReason(t(`reprint.preset.${preset}`));
                setError(undefined);
                confirmButton.current?.focus();
              }}
            >
              {t(`reprint.preset.${preset}`)}
            </button>
          ))}
        </div>
        <div className="dialog__actions">
          <button ref={confirmButton} type="submit" className="primary" data-testid="reprint-confirm" disabled={busy}>
            {t('action.reprint')}
          </button>
          <button type="button" data-testid="reprint-cancel" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteDialog({ reference, onClose, onDone }: { reference: string; onClose(): void; onDone(): void }) {
  const t = useT();
  const { detail } = useStores();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  return (
    <Dialog testId="delete-dialog" title={t('delete.title')} onClose={onClose}>
      <p>{t('delete.question', { ref: reference })}</p>
      {error ? (
        <p className="banner banner--error" data-testid="delete-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="danger"
          data-testid="delete-confirm"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const result = await detail.getState().remove();
            setBusy(false);
            if (result.ok) onDone();
            else setError(errorText(t, result.error));
          }}
        >
          {t('action.delete')}
        </button>
        <button type="button" data-testid="delete-cancel" data-autofocus onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
