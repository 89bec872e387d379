// Small controls the settings editors share: a labelled checkbox, and a JSON file picker that hands over the text.
import type { ChangeEvent } from 'react';
import { controlId } from './Field';

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

/** Picks a JSON file and hands over its text; the same file can be picked again (a corrected one, same name). */
export function JsonFilePicker({ id, label, onText }: { id: string; label: string; onText(text: string): void }) {
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onText(await file.text());
  };
  return (
    <>
      <label htmlFor={controlId(id)}>{label}</label>
      <input
        type="file"
        id={controlId(id)}
        data-testid={id}
        accept=".json,application/json"
        onChange={(event) => void picked(event)}
      />
    </>
  );
}
