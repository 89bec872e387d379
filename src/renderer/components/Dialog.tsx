// A modal on the native <dialog>: the browser keeps the focus inside it and makes the page behind inert; Escape
// closes it. The control marked data-autofocus, else the first field (or button), gets the focus, and the focus goes
// back where it was on close.
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';

export interface DialogProps {
  testId: string;
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
  /** `alert`: red and large, for what the bench must not miss. */
  tone?: 'alert';
}

export function Dialog({ testId, title, onClose, children, wide, tone }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (!dialog.open) dialog.showModal();
    // One list of selectors would take the first match in the page's order: a marked control must win wherever it is
    // (Cancel after a destructive button, so Enter by habit destroys nothing).
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog__close)');
    first?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  const titleId = `${testId}-title`;
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog--wide' : ''}${tone ? ` dialog--${tone}` : ''}`}
      data-testid={testId}
      aria-labelledby={titleId}
      role={tone === 'alert' ? 'alertdialog' : undefined}
    >
      <header className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="dialog__close"
          data-testid={`${testId}-close`}
          aria-label={t('common.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
