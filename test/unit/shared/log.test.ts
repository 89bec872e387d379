import { afterEach, describe, expect, it, vi } from 'vitest';
import { processLog, silentLog } from '../../../src/shared/log';

describe('the default log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes each message as one line, a warning on stderr and a delivery line on stdout, as before the port', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    processLog.warn('sync: rete assente; nuovo tentativo tra 1000 ms');
    processLog.info('mail 7: inviata a magazzino@rossi.example');
    expect(stderr.mock.calls).toEqual([['sync: rete assente; nuovo tentativo tra 1000 ms\n']]);
    expect(stdout.mock.calls).toEqual([['mail 7: inviata a magazzino@rossi.example\n']]);
  });

  it('says nothing when silent', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    silentLog.warn('x');
    silentLog.info('y');
    expect(stderr).not.toHaveBeenCalled();
  });
});
