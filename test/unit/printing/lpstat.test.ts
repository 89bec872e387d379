// CUPS lpstat answers (C locale, as CUPS 2.x words them) read into queues and into what a queue's state means for
// printing.
import { describe, expect, it } from 'vitest';
import {
  isUnknownQueueError,
  parseLpstatDefault,
  parseLpstatNames,
  parseLpstatPrinters,
  queueStatus,
} from '../../../src/printing/lpstat';

const LPSTAT_P = [
  'printer Zebra_ZD420 is idle.  enabled since Mon 06 May 2024 09:30:00 AM CEST',
  'printer Ufficio_Laser now printing Ufficio_Laser-42.  enabled since Mon 06 May 2024 09:31:00 AM CEST',
  'printer Etichette_Magazzino disabled since Mon 06 May 2024 08:00:00 AM CEST -',
  '\tUnplugged or turned off',
  'printer Vecchia disabled since Fri 03 May 2024 06:00:00 PM CEST -',
  '\treason unknown',
  '',
].join('\n');

describe('lpstat answers', () => {
  it('list each queue with its state and, for a disabled one, the reason CUPS gives', () => {
    expect(parseLpstatPrinters(LPSTAT_P)).toEqual([
      { name: 'Zebra_ZD420', state: 'idle' },
      { name: 'Ufficio_Laser', state: 'printing' },
      { name: 'Etichette_Magazzino', state: 'disabled', reason: 'Unplugged or turned off' },
      { name: 'Vecchia', state: 'disabled' },
    ]);
  });

  it('name the default destination, or none', () => {
    expect(parseLpstatDefault(`${LPSTAT_P}system default destination: Zebra_ZD420\n`)).toBe('Zebra_ZD420');
    expect(parseLpstatDefault('no system default destination\n')).toBeUndefined();
  });

  it('list destination names one a line with -e', () => {
    expect(parseLpstatNames('Zebra_ZD420\nUfficio_Laser\n\n')).toEqual(['Zebra_ZD420', 'Ufficio_Laser']);
  });

  it('recognise the complaint about a queue that does not exist, old and new wording', () => {
    expect(isUnknownQueueError('lpstat: Invalid destination name in list "Nessuna".')).toBe(true);
    expect(isUnknownQueueError('lpstat: The printer or class does not exist.')).toBe(true);
    expect(isUnknownQueueError('lpstat: Scheduler is not running.')).toBe(false);
  });
});

describe("a queue's state for printing", () => {
  it('is ready when idle or busy, a problem with the reason when disabled', () => {
    const [idle, busy, unplugged, stopped] = parseLpstatPrinters(LPSTAT_P);
    expect(idle && queueStatus(idle)).toMatchObject({ state: 'ready', message: 'Pronta' });
    expect(busy && queueStatus(busy)).toMatchObject({ state: 'ready' });
    expect(unplugged && queueStatus(unplugged)).toMatchObject({
      state: 'problem',
      message: 'Coda di stampa disattivata: Unplugged or turned off',
    });
    expect(stopped && queueStatus(stopped)).toMatchObject({ state: 'problem', message: 'Coda di stampa disattivata' });
  });
});
