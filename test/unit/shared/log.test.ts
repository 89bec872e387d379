import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefixedLog, processLog, silentLog } from '../../../src/shared/log';
import { recordingLog } from '../../helpers/recordingLog';

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

describe('a prefixed log', () => {
  it('says each line of a part with its name in front, at the level it was said', () => {
    const log = recordingLog();
    const scale = prefixedLog(log, 'bilancia: ');
    scale.warn('/dev/ttyUSB0: non raggiungibile');
    scale.info('/dev/ttyUSB0: collegata');
    expect(log.lines).toEqual([
      { level: 'warn', message: 'bilancia: /dev/ttyUSB0: non raggiungibile' },
      { level: 'info', message: 'bilancia: /dev/ttyUSB0: collegata' },
    ]);
  });
});
