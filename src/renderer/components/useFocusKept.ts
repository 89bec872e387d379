// A form keyed by what the station saved is drawn anew from its answer, and the control that had the focus goes with
// the old one: the operator who pressed Enter in a field is left on the page, with no place for the next key. The
// control focused when the save starts is noted, and once the answer is drawn the same control (by id, else by its
// test id) takes the focus back, unless the operator has moved on meanwhile.
import { useCallback, useEffect, useRef } from 'react';
import { focusIsNowhere } from './focusNowhere';

export interface FocusKept {
  /** Notes the control focused now, before a save whose answer draws the form again. */
  keep(): void;
  /** The save was refused and the form stays: nothing to give back. */
  drop(): void;
}

/** `drawn`: what the form is drawn from; when it changes, the focus noted by keep() is given back. */
export function useFocusKept(drawn: unknown): FocusKept {
  const kept = useRef<string | undefined>(undefined);
  useEffect(() => {
    const selector = kept.current;
    if (selector === undefined) return;
    if (!focusIsNowhere()) return;
    const control = document.querySelector<HTMLElement>(selector);
    if (!control) return;
    kept.current = undefined;
    control.focus();
  }, [drawn]);
  const keep = useCallback(() => {
    const active = document.activeElement;
    const testId = active?.getAttribute('data-testid');
    kept.current = active?.id
      ? `#${CSS.escape(active.id)}`
      : testId
        ? `[data-testid="${CSS.escape(testId)}"]`
        : undefined;
  }, []);
  const drop = useCallback(() => {
    kept.current = undefined;
  }, []);
  return { keep, drop };
}
