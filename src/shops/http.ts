// How every shop is asked over HTTP, whatever its platform: a total deadline per request (headers and body, not only
// silence), no redirect ever followed (the token or keys reach the configured host and nowhere else), an answer read
// up to a cap, and every request in flight ended at once when its owner closes.
import { Agent, fetch as undiciFetch, Response, type Dispatcher } from 'undici';
import { guardedLookup, INNER_CODE } from './innerAddress';
import { capped } from './types';

export const SHOP_HTTP = {
  /** One request, from sending to the last byte of its answer. */
  deadlineMs: 20_000,
  /** An answer larger than this is no page of orders: refused rather than held whole in memory. */
  maxAnswerBytes: 16 * 1024 * 1024,
  /** How long closing the station lets the requests in hand finish before it ends them. */
  closeGraceMs: 2_000,
} as const;

/** The code of the error a refused redirect throws. */
export const REDIRECT_CODE = 'ERR_SHOP_REDIRECT';

export const redirectRefused = (status: number, location: string) =>
  `Il negozio ha risposto con un rinvio (HTTP ${status}${location ? ` verso ${capped(location)}` : ''}): ` +
  'la postazione non segue i rinvii, perché le credenziali restano all’indirizzo configurato; ' +
  'scrivere l’indirizzo esatto del negozio';

export const tooLarge = () =>
  `Risposta del negozio troppo grande (oltre ${SHOP_HTTP.maxAnswerBytes / (1024 * 1024)} MB): non letta`;

export const tooSlow = (deadlineMs: number) =>
  `Il negozio non ha risposto per intero entro ${Math.round(deadlineMs / 1000)} s`;

export const CLOSING = 'Postazione in chiusura: richiesta al negozio interrotta';

/** A wait (a throttle's) that the owner's close ends at once: the request after it then ends with CLOSING. */
export const pause = (ms: number, closing: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      closing.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, closing.aborted ? 0 : ms);
    closing.addEventListener('abort', done, { once: true });
  });

/** The signal a request runs under: its own deadline, and its owner's close. */
export interface RequestSignal {
  signal: AbortSignal;
  /** Why the request was ended ('' while it was not): the deadline's or the close's words. */
  why(): string;
}

export function requestSignal(closing: AbortSignal, deadlineMs: number): RequestSignal {
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = AbortSignal.any([closing, deadline]);
  return {
    signal,
    why: () => (closing.aborted ? CLOSING : deadline.aborted ? tooSlow(deadlineMs) : ''),
  };
}

/** The body read up to the cap: the bytes, or null when the answer is larger (the rest never read). */
async function cappedBody(response: Response): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > SHOP_HTTP.maxAnswerBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > SHOP_HTTP.maxAnswerBytes) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Connections for a shop's requests: each name's resolved addresses checked (innerAddress.ts) before connecting. */
export const shopAgent = (timeoutMs: number) =>
  new Agent({
    connect: { timeout: timeoutMs, lookup: guardedLookup },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

/** The refusal of an inner address, wherever a library wrapped it ("fetch failed" with it as the cause). */
export function innerRefusal(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; depth += 1) {
    if ((at as { code?: unknown }).code === INNER_CODE) return at.message;
    at = at.cause;
  }
  return undefined;
}

/**
 * A fetch for a platform's client library: each request under the deadline and the owner's close, its redirects
 * refused, its answer read whole (within the cap) before the library sees it, so the deadline covers the body too.
 */
export function shopFetch(options: { closing: AbortSignal; deadlineMs: number; dispatcher?: Dispatcher }) {
  const dispatcher = options.dispatcher ?? shopAgent(options.deadlineMs);
  return async (url: string, init?: Parameters<typeof undiciFetch>[1]): Promise<Response> => {
    const request = requestSignal(options.closing, options.deadlineMs);
    try {
      const response = await undiciFetch(url, {
        ...init,
        redirect: 'manual',
        signal: request.signal,
        dispatcher,
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        // By its code too: the connect form says a redirect in the operator's language (networkCause.ts).
        const refused = new Error(redirectRefused(response.status, response.headers.get('location') ?? ''));
        throw Object.assign(refused, { code: REDIRECT_CODE });
      }
      const body = await cappedBody(response);
      if (body === null) throw new Error(tooLarge());
      const { status, statusText } = response;
      return new Response(status === 204 || status === 304 ? null : body, {
        status,
        statusText,
        headers: response.headers,
      });
    } catch (error) {
      const why = request.why() || innerRefusal(error);
      // Its words for the operator's log, and a code saying why for the connect form (networkCause.ts).
      const code = why === CLOSING ? 'ERR_SHOP_CLOSING' : why === request.why() ? 'ETIMEDOUT' : INNER_CODE;
      throw why ? Object.assign(new Error(why), { code }) : error;
    }
  };
}
