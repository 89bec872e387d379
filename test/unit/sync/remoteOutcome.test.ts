// How answers and transport errors become outcomes, including failures a local peer cannot stage reliably (a connect
// timeout, DNS, a reset reported inside an AggregateError).
import { errors } from 'undici';
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
      reason: 'invalid_key',
      error: 'HTTP 403: <html>Forbidden</html>',
    });
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
