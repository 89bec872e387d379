// Keyboard handling for a suggestion list under an input (combobox pattern): arrows move, Enter picks the
// highlighted item instead of submitting the form, Escape closes.
import { useState, type KeyboardEvent } from 'react';

export interface Suggest {
  active: number;
  setActive(index: number): void;
  /** True when the key was used by the list (the caller must not act on it too). */
  onKeyDown(event: KeyboardEvent<HTMLElement>): boolean;
}

export function useSuggest<T>(
  items: readonly T[],
  open: boolean,
  onPick: (item: T) => void,
  onClose: () => void,
): Suggest {
  const [active, setActive] = useState(-1);
  // A new list starts with nothing highlighted (state adjusted while rendering, as React advises over an effect).
  const [listed, setListed] = useState(items);
  if (listed !== items) {
    setListed(items);
    setActive(-1);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!open || items.length === 0 || event.ctrlKey || event.altKey) return false;
    switch (event.key) {
      case 'ArrowDown':
        setActive(Math.min(active + 1, items.length - 1));
        break;
      case 'ArrowUp':
        setActive(Math.max(active - 1, 0));
        break;
      case 'Enter': {
        const item = items[active];
        if (!item) return false;
        onPick(item);
        break;
      }
      case 'Escape':
        onClose();
        break;
      default:
        return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  return { active, setActive, onKeyDown };
}
