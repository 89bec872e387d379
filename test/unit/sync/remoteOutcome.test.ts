// How answers and transport errors become outcomes, including failures a local peer cannot stage reliably (a connect
// timeout, DNS, a reset reported inside an AggregateError).
import { errors } from 'undici';
import { isGoodRemoteStatus, remoteStatusMeaning } from '../../../src/shared/domain/states';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, PatchBodySchema } from '../../../src/shared/api/bodies';
import { MSG } from '../../../src/shared/api/messages';
import { classifyAnswer, classifyError } from '../../../src/sync/remoteOutcome';

const nodeError = (code: string, message = `connect ${code} 10.0.0.1:443`) =>
  Object.assign(new Error(message), { code });

describe('transport errors', () => {
  it('knows a refused connection, a DNS failure and a connect timeout never sent the request', () => {
    for (const error of [
      nodeError('ECONNREFUSED'),
      nodeError('ENOTFOUND'),
      nodeError('EAI_AGAIN'),
      new errors.ConnectTimeoutError(),
    ]) {
      expect(classifyError(error)).toMatchObject({ kind: 'unknown', sent: false });
    }
    const happyEyeballs = new AggregateError([nodeError('ECONNREFUSED'), nodeError('ECONNREFUSED')], 'connect failed');
    expect(classifyError(happyEyeballs)).toMatchObject({ sent: false });
  });

  it('treats timeouts and resets after connecting, and anything unrecognised, as possibly received', () => {
    const maybeSent = [
      new errors.HeadersTimeoutError(),
      new errors.BodyTimeoutError(),
      new errors.SocketError('other side closed'),
      nodeError('ECONNRESET', 'read ECONNRESET'),
      nodeError('EPIPE', 'write EPIPE'),
      new Error('something odd'),
      'not even an error',
    ];
    for (const error of maybeSent) expect(classifyError(error)).toMatchObject({ kind: 'unknown', sent: true });
  });

  it('names the error code once in the message', () => {
    expect(classifyError(new errors.HeadersTimeoutError())).toMatchObject({
      error: 'Headers Timeout Error (UND_ERR_HEADERS_TIMEOUT)',
    });
    expect(classifyError(nodeError('ECONNREFUSED'))).toMatchObject({ error: 'connect ECONNREFUSED 10.0.0.1:443' });
  });
});

describe('answers', () => {
  it("tells the remote's rate limit from a refused key by the 403 text", () => {
    const limited = JSON.stringify({ status: false, error: MSG.rateLimited('letture') });
    expect(classifyAnswer(403, limited, ErrorBodySchema)).toEqual({
      kind: 'forbidden',
      reason: 'rate_limited',
      error: MSG.rateLimited('letture'),
    });
    const refused = JSON.stringify({ status: false, error: MSG.invalidApiKey });
    expect(classifyAnswer(403, refused, ErrorBodySchema)).toEqual({
      kind: 'forbidden',
      reason: 'invalid_key',
      error: MSG.invalidApiKey,
    });
    expect(classifyAnswer(403, '<html>Forbidden</html>', ErrorBodySchema)).toEqual({
      kind: 'forbidden',
      reason: 'rate_limited',
      error: 'HTTP 403: <html>Forbidden</html>',
    });
  });

  it('pauses only for the invalid-key text, whatever its case and spaces; any other 403 is the rate limit', () => {
    const reason = (body: string) => {
      const outcome = classifyAnswer(403, body, ErrorBodySchema);
      return outcome.kind === 'forbidden' ? outcome.reason : outcome.kind;
    };
    // The documented body, trailing space included, and spellings of it; our service's former Italian text.
    expect(reason('{"status": false, "error": "Invalid API key "}')).toBe('invalid_key');
    expect(reason('{"status":false,"error":"invalid  api KEY"}')).toBe('invalid_key');
    expect(reason('{"error":"  Invalid API key"}')).toBe('invalid_key');
    expect(reason('{"status":false,"error":"API key non valida"}')).toBe('invalid_key');
    // The real aggregator's throttling: 403 with no documented body.
    expect(reason('{"status":false,"error":"403 - FORBIDDEN"}')).toBe('rate_limited');
    expect(reason('403 - FORBIDDEN')).toBe('rate_limited');
    expect(reason('<!doctype html><title>403 Forbidden</title>')).toBe('rate_limited');
    expect(reason('')).toBe('rate_limited');
    expect(reason('{"status":false,"error":"Invalid API key for this instance, sorry"}')).toBe('rate_limited');
    expect(reason('{"status":false}')).toBe('rate_limited');
  });

  it("takes a PATCH refusal's text from `result` and keeps a 2xx other than 200 as success", () => {
    const patch404 = JSON.stringify({ result: MSG.shipmentNotFound, status: 500 });
    expect(classifyAnswer(404, patch404, PatchBodySchema)).toEqual({
      kind: 'rejected',
      status: 404,
      error: MSG.shipmentNotFound,
    });
    expect(classifyAnswer(413, '', ErrorBodySchema)).toEqual({ kind: 'rejected', status: 413, error: 'HTTP 413' });
    expect(classifyAnswer(201, '{"error":""}', ErrorBodySchema)).toEqual({
      kind: 'ok',
      status: 201,
      body: { error: '' },
    });
  });

  it('treats redirects and server errors as possibly received', () => {
    expect(classifyAnswer(301, '', ErrorBodySchema)).toEqual({ kind: 'unknown', sent: true, error: 'HTTP 301' });
    expect(classifyAnswer(503, '{"error":"manutenzione"}', ErrorBodySchema)).toEqual({
      kind: 'unknown',
      sent: true,
      error: 'HTTP 503: manutenzione',
    });
  });
});

describe('status codes as the real aggregator documents them', () => {
  it('reads 0 as created, 0.5 and unnamed codes below 1 as processing, 0.6 as refused, 1.0 up as progress', () => {
    const meanings = [-1, 0, 0.2, 0.3, 0.5, 0.6, 0.60000001, 1, 2, 3.5, 15, 0.4].map(remoteStatusMeaning);
    expect(meanings).toEqual([
      'before_labels',
      'created',
      'before_labels',
      'before_labels',
      'processing',
      'refused',
      'refused',
      'progress',
      'progress',
      'progress',
      'progress',
      'processing',
    ]);
    expect([0, 1, 2, 15].every(isGoodRemoteStatus)).toBe(true);
    expect([-1, 0.2, 0.3, 0.5, 0.6].some(isGoodRemoteStatus)).toBe(false);
  });
});

describe('answers as proxies and the real aggregator send them', () => {
  it('takes an HTML error page from a proxy (502, 503, 504) as transient, possibly received', () => {
    for (const status of [502, 503, 504]) {
      const page = `<html><head><title>${status} Bad Gateway</title></head><body>nginx</body></html>`;
      const outcome = classifyAnswer(status, page, ErrorBodySchema);
      expect(outcome.kind, String(status)).toBe('unknown');
      expect(outcome.kind === 'unknown' && outcome.sent, String(status)).toBe(true);
    }
  });

  it('reads a JSON body whatever the content type says (the answer text is parsed, not its label)', () => {
    expect(classifyAnswer(200, '{"error":""}', ErrorBodySchema)).toEqual({
      kind: 'ok',
      status: 200,
      body: { error: '' },
    });
  });
});
