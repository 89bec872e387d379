// Zebra's label counter, read to decide what a job cut off mid-send left on paper: the Set-Get-Do query and its answer,
// how many labels a ZPL job prints, and the verdict from the counts read before the job and after the break.

/** Link-OS printers answer this on the raw port with the count in double quotes, e.g. `"1234"`. */
export const LABEL_COUNT_COMMAND = '! U1 getvar "odometer.total_label_count"\r\n';

/** The whole answer is a few bytes; anything far longer is not a printer answering this query. */
export const MAX_COUNT_ANSWER_BYTES = 256;

/** The count in a printer's answer; undefined for no answer, `"?"` (unknown variable) or anything else. */
export function parseLabelCount(text: string): number | undefined {
  const match = /^\s*"(\d{1,12})"\s*$/.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Labels a ZPL job prints: each complete ^XA…^XZ format once, or ^PQ times. Undefined when it holds no complete
 * format (not ZPL, or a job the counter cannot account for), so a break in it is left to a person.
 */
export function labelsInZpl(content: Uint8Array): number | undefined {
  const text = Buffer.from(content).toString('latin1');
  let labels = 0;
  for (const format of text.matchAll(/\^XA([\s\S]*?)\^XZ/gi)) {
    const quantity = /\^PQ(\d+)/i.exec(format[1] ?? '')?.[1];
    labels += quantity === undefined ? 1 : Math.max(1, Number(quantity));
  }
  return labels > 0 ? labels : undefined;
}

/** `partial`: the first labels of a job of several printed, the rest did not (a batch's job cut off halfway). */
export type BreakVerdict = 'printed' | 'not_printed' | 'unknown' | { partial: number };

/**
 * After a break: moved by exactly the job's labels, it printed; not moved, the printer dropped the partial format;
 * moved by fewer, that many of its formats printed (a printer prints the formats it received whole, in order, and
 * drops the one cut short); anything else (moved by more, a count that went back) is not ours to guess.
 */
export function verdictFromCounts(before: number, after: number, jobLabels: number): BreakVerdict {
  if (after === before) return 'not_printed';
  if (after - before === jobLabels) return 'printed';
  return after > before && after - before < jobLabels ? { partial: after - before } : 'unknown';
}

/**
 * The job without its first `printed` formats: what is left to print after a break. Undefined when its formats
 * cannot be counted one label each (a ^PQ quantity), so the rest is left to a person.
 */
export function formatsAfter(content: Uint8Array, printed: number): Uint8Array | undefined {
  const formats = [
    ...Buffer.from(content)
      .toString('latin1')
      .matchAll(/\^XA[\s\S]*?\^XZ/gi),
  ].map((m) => m[0]);
  if (formats.some((format) => /\^PQ(\d+)/i.test(format) && Number(/\^PQ(\d+)/i.exec(format)?.[1]) > 1))
    return undefined;
  return printed < formats.length ? Buffer.from(formats.slice(printed).join('\n'), 'latin1') : undefined;
}
