// A create request as the remote receives it (issue 39): what the aggregator's own clients send, the station's
// second address line joined to the address with a space and the whole cut to 50 characters (it may end on a space).
import { describe, expect, it } from 'vitest';
import { remoteCreateBody } from '../../../src/sync/remoteRequest';

describe('the create request sent to the remote', () => {
  it('carries the address and its second line joined and cut to 50, and no second line of its own', () => {
    const body = remoteCreateBody({
      ddt_alpha: 'RINALDI-1',
      rcpt_addr: 'Corso Vittorio Emanuele II 81',
      rcpt_addr2: 'Scala B, interno 7, c/o Studio Bianchi',
    });
    expect(body).toEqual({ ddt_alpha: 'RINALDI-1', rcpt_addr: 'Corso Vittorio Emanuele II 81 Scala B, interno 7, ' });
    expect(body.rcpt_addr).toHaveLength(50);
  });

  it('sends an address without a second line as it is, and one over 50 cut as the clients cut it', () => {
    expect(remoteCreateBody({ rcpt_addr: 'Via Roma 1', rcpt_addr2: '' })).toEqual({ rcpt_addr: 'Via Roma 1' });
    expect(remoteCreateBody({ rcpt_addr: 'Via Roma 1' })).toEqual({ rcpt_addr: 'Via Roma 1' });
    const long = 'Via dei Mille e Garibaldi 1234, Centro Direzionale Le Torri';
    expect(remoteCreateBody({ rcpt_addr: long }).rcpt_addr).toBe(long.slice(0, 50));
  });
});
