// Small controls the screens share: a labelled checkbox, a file picker in the bench's own words, and a JSON file
// picker that hands over the text.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { controlId } from './Field';
import { focusIfNowhere } from './focusNowhere';

/** A setting that is on or off; it shows the station's answer, not the click, so it never claims what failed. */
export function Toggle({
  id,
  checked,
  label,
  inline = false,
  onChange,
}: {
  id: string;
  checked: boolean;
  label: string;
  /** In a row of choices rather than on a line of its own. */
  inline?: boolean;
  onChange(on: boolean): void;
}) {
  const Box = inline ? 'span' : 'div';
  return (
    <Box className="flag">
      <input
        type="checkbox"
        id={controlId(id)}
        data-testid={id}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={controlId(id)}>{label}</label>
    </Box>
  );
}

/**
 * A file picked through a button in the station's words. The browser's own control speaks the browser's language
 * ("Choose File / No file chosen" on an Italian bench) and F8 does not reach it; it stays, hidden, with the id and the
 * test id, and the button opens it. The same file can be picked again (a corrected one, same name).
 */
export function FilePicker({
  id,
  label,
  accept,
  disabled = false,
  autoFocus = false,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  disabled?: boolean;
  /** The screen's first control (the order file on F9). */
  autoFocus?: boolean;
  onFile(file: File): void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const [name, setName] = useState('');
  const button = controlId(`${id}-choose`);
  // The button is disabled while the station reads the file it picked, which drops the focus to the page. Once it is
  // enabled again with the focus still nowhere (the file refused outright, no preview to take it), it is given back.
  const picked = useRef(false);
  useEffect(() => {
    if (disabled || !picked.current) return;
    picked.current = false;
    focusIfNowhere(chooser.current);
  }, [disabled]);
  return (
    <>
      <label htmlFor={button}>{label}</label>{' '}
      <button
        ref={chooser}
        type="button"
        id={button}
        data-testid={`${id}-choose`}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-describedby={controlId(`${id}-name`)}
        onClick={() => input.current?.click()}
      >
        {t('common.chooseFile')}
      </button>{' '}
      <span className="muted" id={controlId(`${id}-name`)} data-testid={`${id}-name`}>
        {name || t('common.noFile')}
      </span>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        id={controlId(id)}
        data-testid={id}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          picked.current = true;
          setName(file.name);
          onFile(file);
        }}
      />
    </>
  );
}

/** Picks a JSON file and hands over its text. */
export function JsonFilePicker({ id, label, onText }: { id: string; label: string; onText(text: string): void }) {
  return (
    <FilePicker
      id={id}
      label={label}
      accept=".json,application/json"
      onFile={(file) => void file.text().then(onText)}
    />
  );
}
