// The keyboard map of the whole app: function keys open the screens (shown in the navigation), F8 switches the
// language. Function keys are taken from the browser too (F5 would reload the page in the browser host).
import type { Screen } from '../stores/appStore';

export const SCREEN_KEYS: ReadonlyArray<{ screen: Screen; key: string }> = [
  { screen: 'new', key: 'F2' },
  { screen: 'orders', key: 'F9' },
  { screen: 'departing', key: 'F3' },
  { screen: 'confirm', key: 'F4' },
  { screen: 'manifests', key: 'F5' },
  { screen: 'departed', key: 'F6' },
  { screen: 'attention', key: 'F10' },
  { screen: 'settings', key: 'F7' },
  { screen: 'cod', key: 'F12' },
];

export const LANGUAGE_KEY = 'F8';

/** The function key of a screen (F2 for the new shipment, which also puts the focus where a scan goes). */
export function screenKey(screen: Screen): string | undefined {
  return SCREEN_KEYS.find((s) => s.screen === screen)?.key;
}

export type GlobalAction = { kind: 'go'; screen: Screen } | { kind: 'language' };

export function globalAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey'>,
): GlobalAction | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return undefined;
  if (event.key === LANGUAGE_KEY) return { kind: 'language' };
  const entry = SCREEN_KEYS.find((s) => s.key === event.key);
  return entry ? { kind: 'go', screen: entry.screen } : undefined;
}
