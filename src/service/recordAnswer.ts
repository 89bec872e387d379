// A created shipment's answer written as bytes from its label files: the record's JSON around the PDF and JPG
// labels' base64, each encoded straight from the bytes drawn. The same bytes JSON.stringify of the record gives,
// without the 200-300 kB JSON string and the label strings it is built from: on the thread that answers every
// request those were most of the garbage its long collections stopped for.
import { labelBase64, type RecordFiles } from '../engine/index';

/** Where the two raster labels stand in the record's JSON while empty (the record's key order: jpg, then pdf). */
const EMPTY_RASTERS = '"label_jpg":[],"label_pdf":[]';

/**
 * Bytes of a label encoded at a time: a multiple of 3, so the pieces' base64 joined is the file's, and small enough
 * that each piece's string (64 kB) is an ordinary young object of V8's heap. A JPG label's base64 whole (190 kB) is
 * an object of V8's large-object space, mapped and unmapped for it alone, every create.
 */
const PIECE = 3 * 16 * 1024;

/** The length of a file's base64 (padded, as Buffer's). */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/** `"…","…"`: each file's base64, quoted (base64 needs no JSON escape). */
const quotedLength = (files: readonly Uint8Array[]) =>
  files.reduce((sum, file, i) => sum + (i === 0 ? 2 : 3) + base64Length(file.byteLength), 0);

/** Writes `files` as quotedLength counts them into `out` from `at`; returns where it ended. */
function writeQuoted(out: Buffer, at: number, files: readonly Uint8Array[]): number {
  let end = at;
  files.forEach((file, i) => {
    end += out.write(i === 0 ? '"' : ',"', end, 'latin1');
    for (let from = 0; from < file.byteLength; from += PIECE) {
      end += out.write(labelBase64(file.subarray(from, from + PIECE)), end, 'latin1');
    }
    end += out.write('"', end, 'latin1');
  });
  return end;
}

export function recordAnswer(files: RecordFiles): Buffer {
  const json = JSON.stringify(files.record);
  // The first occurrence is the record's own key: a quote inside a JSON string is always escaped, so the text cannot
  // appear in a value, and every key before these is a number or a string of the record's head.
  const at = json.indexOf(EMPTY_RASTERS);
  if (at < 0) throw new Error('the record has no empty raster labels to fill');
  const head = `${json.slice(0, at)}"label_jpg":[`;
  const middle = '],"label_pdf":[';
  const tail = `]${json.slice(at + EMPTY_RASTERS.length)}`;
  // One Buffer of the answer's size, written in place: no Buffer per piece, nor their concatenation. Built those ways
  // and with each label's base64 whole, the answer cost 0.6-1.0 ms of CPU a full create (docs/decisions.md, "the
  // service's CPU per create, fourth pass"). Its own memory, not the pool's: the writer moves it, uncopied.
  const out = Buffer.allocUnsafeSlow(
    Buffer.byteLength(head) +
      quotedLength(files.jpg) +
      middle.length +
      quotedLength(files.pdf) +
      Buffer.byteLength(tail),
  );
  let end = out.write(head, 0, 'utf8');
  end = writeQuoted(out, end, files.jpg);
  end += out.write(middle, end, 'latin1');
  end = writeQuoted(out, end, files.pdf);
  end += out.write(tail, end, 'utf8');
  if (end !== out.length) throw new Error(`the answer took ${end} bytes of ${out.length}`);
  return out;
}
