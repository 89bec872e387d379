// Main refuses any IPC message that is not a known command with valid input, before the dispatcher sees it, and the
// bridge answers a Result whatever happens.
import { describe, expect, it, vi } from 'vitest';
import { handleInvoke, validateInvoke } from '../../../src/main/ipcBridge';
import type { Result } from '../../../src/shared/ipc/result';

vi.mock('electron', () => {
  throw new Error('a test must never load the real electron module');
});

const codeOf = (raw: unknown): string | undefined => {
  const checked = validateInvoke(raw);
  return checked.ok ? undefined : checked.error.code;
};

describe('validateInvoke', () => {
  it('accepts a known command with valid input and hands on the parsed input, defaults applied', () => {
    expect(validateInvoke({ name: 'station.info', input: {} })).toEqual({ ok: true, name: 'station.info', input: {} });
    expect(validateInvoke({ name: 'shipments.get', input: { id: 7 } })).toEqual({
      ok: true,
      name: 'shipments.get',
      input: { id: 7 },
    });
    expect(validateInvoke({ name: 'shipments.list', input: { view: 'departing' } })).toEqual({
      ok: true,
      name: 'shipments.list',
      input: { view: 'departing', search: '', offset: 0, limit: 100 },
    });
  });

  it('refuses a message that is not { name, input } with code invalid', () => {
    for (const raw of [
      undefined,
      null,
      'station.info',
      42,
      ['station.info', {}],
      { input: {} },
      { name: '', input: {} },
      { name: 7, input: {} },
    ]) {
      expect(codeOf(raw), JSON.stringify(raw)).toBe('invalid');
    }
  });

  it('refuses command names that are not in the table, including inherited object keys', () => {
    for (const name of ['shipments.drop', 'toString', '__proto__', 'constructor', 'hasOwnProperty', 'x'.repeat(500)]) {
      const checked = validateInvoke({ name, input: {} });
      expect(checked.ok, name).toBe(false);
      if (!checked.ok) expect(checked.error.code).toBe('invalid');
    }
    const unknown = validateInvoke({ name: 'shipments.drop', input: {} });
    expect(unknown.ok ? '' : unknown.error.message).toContain('Comando sconosciuto');
  });

  it('refuses input that is not a plain object', () => {
    for (const input of [undefined, null, 'x', 3, [], [1], new Date(0)]) {
      expect(codeOf({ name: 'station.info', input }), String(input)).toBe('invalid');
    }
  });

  it("refuses input of the wrong type for the command's schema and names the fields", () => {
    const wrongId = validateInvoke({ name: 'shipments.get', input: { id: 'seven' } });
    expect(wrongId.ok).toBe(false);
    if (!wrongId.ok) {
      expect(wrongId.error.code).toBe('invalid');
      expect(Object.keys(wrongId.error.fields ?? {})).toEqual(['id']);
    }
    expect(codeOf({ name: 'shipments.get', input: { id: -1 } })).toBe('invalid');
    expect(codeOf({ name: 'confirm.byIds', input: { ids: [], createManifest: true } })).toBe('invalid');
    expect(codeOf({ name: 'addresses.byCap', input: { cap: '2010' } })).toBe('invalid');
    expect(codeOf({ name: 'shipments.list', input: { view: 'everything' } })).toBe('invalid');
    const nested = validateInvoke({ name: 'confirm.byIds', input: { ids: [1, 'two'], createManifest: true } });
    expect(nested.ok ? [] : Object.keys(nested.error.fields ?? {})).toEqual(['ids.1']);
  });
});

describe('handleInvoke', () => {
  it('passes a valid message to the dispatcher and answers its Result', async () => {
    const dispatch = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: { id: 5 } }));

    await expect(handleInvoke(dispatch, { name: 'shipments.get', input: { id: 5 } })).resolves.toEqual({
      ok: true,
      value: { id: 5 },
    });
    expect(dispatch).toHaveBeenCalledWith('shipments.get', { id: 5 });
  });

  it('never calls the dispatcher for an invalid message', async () => {
    const dispatch = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: {} }));

    const answer = await handleInvoke(dispatch, { name: 'shipments.get', input: { id: 'x' } });

    expect(answer.ok).toBe(false);
    expect(answer.ok ? '' : answer.error.code).toBe('invalid');
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('turns a dispatcher that throws into an internal error instead of throwing over IPC', async () => {
    const answer = await handleInvoke(
      async () => {
        throw new Error('database is locked at /secret/path');
      },
      { name: 'station.info', input: {} },
    );

    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(answer)).not.toContain('/secret/path');
  });
});
