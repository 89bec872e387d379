// A button the operator pressed goes disabled (or away) while the station works, and the focus falls to the page: the
// next key does nothing. Screens give it back to what comes next, but only while nothing has it, so an operator who
// moved on meanwhile is never pulled back.

/** Whether the focus is on nothing but the page itself. */
export function focusIsNowhere(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** Gives the focus to `control` when nothing has it. */
export function focusIfNowhere(control: HTMLElement | null | undefined, options?: FocusOptions): void {
  if (control && focusIsNowhere()) control.focus(options);
}
