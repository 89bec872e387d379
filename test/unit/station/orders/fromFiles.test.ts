// Orders read from a file at the station (issue 27): checked and kept a slice at a time, a slice sized from the last
// one's pace to take about SLICE_MS (a slow patch shrinks the next slice at once, a fast run grows it by doubling up
// to the bound); what a file did to orders already here said in notes, never a silent "already there".
import { describe, expect, it } from 'vitest';
import {
  inSlices,
  KEEP_SLICE_MS,
  keptNotes,
  MAX_KEEP_SLICE,
  MAX_NOTES,
  MAX_SLICE,
  SLICE_MS,
  type Kept,
} from '../../../../src/station/orders/fromFiles';

/** Work that takes at least `ms` per item, measured on the same clock inSlices reads. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('work in slices', () => {
  it('does every item once, in order, and says how far it got at the end', async () => {
    const items = Array.from({ length: 5_000 }, (_, i) => i);
    const seen: number[] = [];
    const told: [number, number][] = [];
    await inSlices(
      items,
      (slice) => seen.push(...slice),
      (done, total) => told.push([done, total]),
    );
    expect(seen).toEqual(items);
    expect(told.at(-1)).toEqual([5_000, 5_000]);
  });

  it('grows a fast slice by doubling, up to MAX_SLICE items', async () => {
    const sizes: number[] = [];
    await inSlices(
      Array.from({ length: 5_000 }, (_, i) => i),
      (slice) => sizes.push(slice.length),
    );
    // From a small first slice (cold code is slow), at most doubling each time.
    expect(sizes[0]).toBe(2);
    expect(Math.max(...sizes)).toBe(MAX_SLICE);
    for (let i = 1; i < sizes.length; i += 1) expect(sizes[i]).toBeLessThanOrEqual(2 * sizes[i - 1]!);
  });

  it('grows up to the bound it is given: orders checked a moment before are kept MAX_KEEP_SLICE at once', async () => {
    const sizes: number[] = [];
    await inSlices(
      Array.from({ length: 5_000 }, (_, i) => i),
      (slice) => sizes.push(slice.length),
      undefined,
      KEEP_SLICE_MS,
      MAX_KEEP_SLICE,
    );
    expect(Math.max(...sizes)).toBe(MAX_KEEP_SLICE);
  });

  it('keeps slices of slow items to what fits in SLICE_MS, after fast ones had made them big', async () => {
    const sizes: number[] = [];
    const items = Array.from({ length: 1_200 }, (_, i) => i);
    await inSlices(items, (slice) => {
      sizes.push(slice.length);
      // The first 1,000 items are quick; the rest take 1 ms each, as a check does while the runtime re-optimises.
      for (const item of slice) if (item >= 1_000) busy(1);
    });
    const slowFrom = sizes.findIndex((_, i) => sizes.slice(0, i + 1).reduce((a, b) => a + b, 0) > 1_000);
    // One slice straddles the change, the next is sized from its pace (part quick, part slow); every slice after
    // those holds at most SLICE_MS items of 1 ms, and none ever more than MAX_SLICE.
    expect(sizes.length).toBeGreaterThan(slowFrom + 3);
    for (const size of sizes.slice(slowFrom + 2)) expect(size).toBeLessThanOrEqual(SLICE_MS);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(MAX_SLICE);
  });
});

describe('notes on what a file did to orders already here', () => {
  const kept = (over: Partial<Kept>): Kept => ({
    added: 0,
    duplicates: 0,
    updated: [],
    unchanged: [],
    shipped: [],
    invalid: [],
    ...over,
  });

  it('names each order corrected (with its fields) or shipped, and counts the unchanged in one line', () => {
    expect(
      keptNotes(kept({ updated: [{ orderRef: '#1001', fields: ['rcpt_phone', 'contrassegno'] }], shipped: ['#1002'] })),
    ).toEqual([
      'ordine #1001 già in attesa, corretto: rcpt_phone, contrassegno',
      "ordine #1002 già spedito: lasciato com'è",
    ]);
    expect(keptNotes(kept({ unchanged: ['#1003'] }))).toEqual(['ordine #1003 già in attesa, invariato']);
    expect(keptNotes(kept({ unchanged: ['#1003', '#1004'] }))).toEqual(['2 ordini già in attesa, invariati']);
    expect(keptNotes(kept({}))).toEqual([]);
  });

  it('names the first MAX_NOTES, then says how many more', () => {
    const updated = Array.from({ length: 25 }, (_, i) => ({ orderRef: `R${i}`, fields: ['rcpt_addr'] }));
    const notes = keptNotes(kept({ updated, unchanged: ['A', 'B', 'C'] }));
    expect(notes).toHaveLength(MAX_NOTES + 2);
    expect(notes[MAX_NOTES - 1]).toBe(`ordine R${MAX_NOTES - 1} già in attesa, corretto: rcpt_addr`);
    expect(notes.slice(MAX_NOTES)).toEqual([`… e altri ${25 - MAX_NOTES}`, '3 ordini già in attesa, invariati']);
  });
});
