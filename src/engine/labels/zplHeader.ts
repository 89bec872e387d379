// The courier's and the service's names read back from a ZPL label that our own layout drew (another station's
// service, or ours): the label is the one place our contract's answers say a courier's name. A label the layout did
// not draw (a courier's own, from the real aggregator) is recognised as such and gives nothing, never a wrong name.
import { MM_PER_INCH } from './barcode';
import { HEADER_PLACES } from './layout';
import type { ZplDpi } from './zpl';

const DPIS: readonly ZplDpi[] = [203, 300];

/** A label's text fields by where they start, in dots, with their text as printed. */
function textFields(zpl: string): Map<string, string> {
  const fields = new Map<string, string>();
  // Bounded by the label's own length: each match consumes at least one field.
  for (const match of zpl.matchAll(/\^FO(\d+),(\d+)((?:(?!\^FO)[\s\S])*?)\^FD([\s\S]*?)\^FS/g)) {
    const [, x, y, commands = '', data = ''] = match;
    const key = `${x},${y}`;
    if (!fields.has(key)) fields.set(key, printed(data, commands.includes('^FH')));
  }
  return fields;
}

/** Field data as the printer prints it: ^FH hex escapes (`_5E`), and ^FB's `\&` line breaks and `\\` backslashes. */
function printed(data: string, hex: boolean): string {
  const lines = data.split('\\&').map((line) => line.replace(/\\\\/g, '\\'));
  const text = lines.join(' ');
  return (hex ? text.replace(/_([0-9A-Fa-f]{2})/g, (_, code: string) => String.fromCharCode(parseInt(code, 16))) : text)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name the label had to cut (the fitter ends it with "…") is not the name: nothing is better than half of it. */
const whole = (text: string | undefined) => (text && !text.endsWith('…') ? text : '');

const at = (place: { x: number; y: number }, dpi: ZplDpi) => {
  const dots = (mm: number) => Math.round((mm * dpi) / MM_PER_INCH);
  return `${dots(place.x)},${dots(place.y)}`;
};

/** The names in the header of a label our layout drew; undefined for any other label (or text that is not ZPL). */
export function namesOnZplLabel(zpl: string): { courierName: string; serviceName: string } | undefined {
  if (!zpl.includes('^XA')) return undefined;
  const fields = textFields(zpl);
  for (const dpi of DPIS) {
    if (fields.get(at(HEADER_PLACES.caption, dpi)) !== HEADER_PLACES.caption.text) continue;
    const courierName = whole(fields.get(at(HEADER_PLACES.courier, dpi)));
    const serviceName = whole(fields.get(at(HEADER_PLACES.service, dpi)));
    return courierName ? { courierName, serviceName } : undefined;
  }
  return undefined;
}
