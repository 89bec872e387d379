// What an error says in a log line or a kept reason, the same in every layer: an Error's own message, and anything
// else thrown (a string, a number, an object) as its text.
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/shared/errorMessage';

describe('an error’s words', () => {
  it("are an Error's message, without its name or stack", () => {
    expect(errorMessage(new TypeError('porta occupata'))).toBe('porta occupata');
  });

  it('are the thrown value as text when it is not an Error', () => {
    expect(errorMessage('disco pieno')).toBe('disco pieno');
    expect(errorMessage(404)).toBe('404');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
