// A created shipment's answer written as bytes from its label files: the record's JSON around the PDF and JPG
// labels' base64, each encoded straight from the bytes drawn. The same bytes JSON.stringify of the record gives,
// without the 200-300 kB JSON string and the label strings it is built from: on the thread that answers every
// request those were most of the garbage its long collections stopped for.
import { labelBase64, type RecordFiles } from '../engine/index';

/** Where the two raster labels stand in the record's JSON while empty (the record's key order: jpg, then pdf). */
const EMPTY_RASTERS = '"label_jpg":[],"label_pdf":[]';

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** `"…","…"`: each file's base64, quoted (base64 needs no JSON escape). */
function quotedBase64(files: readonly Uint8Array[]): Buffer[] {
  return files.flatMap((file, i) => [ascii(i === 0 ? '"' : ',"'), ascii(labelBase64(file)), ascii('"')]);
}

export function recordAnswer(files: RecordFiles): Buffer {
  const json = JSON.stringify(files.record);
  // The first occurrence is the record's own key: a quote inside a JSON string is always escaped, so the text cannot
  // appear in a value, and every key before these is a number or a string of the record's head.
  const at = json.indexOf(EMPTY_RASTERS);
  if (at < 0) throw new Error('the record has no empty raster labels to fill');
  return Buffer.concat([
    Buffer.from(json.slice(0, at), 'utf8'),
    ascii('"label_jpg":['),
    ...quotedBase64(files.jpg),
    ascii('],"label_pdf":['),
    ...quotedBase64(files.pdf),
    ascii(']'),
    Buffer.from(json.slice(at + EMPTY_RASTERS.length), 'utf8'),
  ]);
}
