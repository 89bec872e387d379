// When a parcel leaving the EU is said to have its papers printed, printing, or not (issue 39): the one rule the saved
// panel, the detail and the status bar read.
import { describe, expect, it } from 'vitest';
import { customsPapersOf, papersUnprinted, type PapersFacts } from '../../../../src/shared/domain/customsPapers';

const ZURICH: PapersFacts = {
  invoice: 'FT-2026-0001',
  leavesEu: true,
  refused: false,
  copies: 3,
  documentPrinter: true,
  autoPrint: true,
  jobs: [],
  queue: [],
};
const job = (id: number, state: PapersFacts['jobs'][number]['state'], reason = '') => ({ id, state, reason });
const stateOf = (facts: Partial<PapersFacts>) => customsPapersOf({ ...ZURICH, ...facts }).state;

describe('the customs papers of a shipment', () => {
  it('are owed only by a parcel leaving the EU with an invoice, not refused, with copies asked for', () => {
    expect(stateOf({})).toBe('waiting');
    expect(stateOf({ leavesEu: false })).toBe('none');
    expect(stateOf({ invoice: '' })).toBe('none');
    expect(stateOf({ refused: true })).toBe('none');
    expect(stateOf({ copies: 0 })).toBe('none');
  });

  it('are not printed with no A4 printer, or with auto-print off', () => {
    expect(customsPapersOf({ ...ZURICH, documentPrinter: false })).toEqual({
      invoice: 'FT-2026-0001',
      state: 'noPrinter',
      reason: '',
    });
    expect(stateOf({ autoPrint: false })).toBe('manual');
    expect(papersUnprinted(customsPapersOf({ ...ZURICH, documentPrinter: false }))).toBe(true);
    expect(papersUnprinted(customsPapersOf(ZURICH))).toBe(false);
  });

  it('follow their copies: printing, printed, or failed with the printer’s reason', () => {
    expect(stateOf({ jobs: [job(1, 'printed'), job(2, 'sending'), job(3, 'pending')] })).toBe('printing');
    expect(stateOf({ jobs: [job(1, 'printed'), job(2, 'printed'), job(3, 'printed')] })).toBe('printed');
    const refused = 'Stampante non raggiungibile: lp ha rifiutato il lavoro';
    expect(customsPapersOf({ ...ZURICH, jobs: [job(1, 'held', refused), job(2, 'pending')] })).toEqual({
      invoice: 'FT-2026-0001',
      state: 'failed',
      reason: refused,
    });
    // Tried again, it keeps its reason while it is sent: still not printed, not "printing".
    expect(stateOf({ jobs: [job(1, 'sending', refused), job(2, 'pending')] })).toBe('failed');
    expect(stateOf({ jobs: [job(1, 'failed', 'Invio interrotto')] })).toBe('failed');
    // Copies printed after the refused one (the operator's "Fattura" once the printer is back): printed.
    expect(stateOf({ jobs: [job(1, 'failed', 'Invio interrotto'), job(4, 'printed')] })).toBe('printed');
    // Queued behind another shipment's copy the printer refuses: they wait as long as it does.
    const blocked = { jobs: [job(5, 'pending'), job(6, 'pending')], queue: [job(2, 'sending', refused)] };
    expect(customsPapersOf({ ...ZURICH, ...blocked })).toMatchObject({ state: 'failed', reason: refused });
    expect(stateOf({ ...blocked, queue: [job(2, 'sending')] })).toBe('printing');
    expect(stateOf({ ...blocked, queue: [job(7, 'held', refused)] })).toBe('printing');
    // Asked for at the detail even with no copies set at the bench: their copies still count.
    expect(stateOf({ copies: 0, jobs: [job(1, 'held', refused)] })).toBe('failed');
  });
});
