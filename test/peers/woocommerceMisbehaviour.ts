// How a badly behaving WordPress host answers, for the WooCommerce peer: a body sent one byte a second (never silent
// long enough for an idle timeout), a redirect elsewhere, a 200 that is a web page, an answer far larger than any
// page of orders, an error whose words run to a megabyte. Each answer is written here; the peer says which one.
import type { ServerResponse } from 'node:http';

export type Misbehaviour =
  | { kind: 'slowBody' }
  | { kind: 'redirect'; status: 301 | 302 | 307 | 308; location: string }
  | { kind: 'html200' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'longError'; chars: number };

/** Answers `res` as `how` says; resolves when the answer has ended (a slow body: when its connection closes). */
export function misbehave(res: ServerResponse, how: Misbehaviour, open: Set<ServerResponse>): Promise<void> {
  if (how.kind === 'redirect') {
    res.writeHead(how.status, { location: how.location, 'content-type': 'text/html' });
    res.end('<html><body>Moved</body></html>');
    return Promise.resolve();
  }
  if (how.kind === 'html200') {
    res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
    res.end(
      '<!DOCTYPE html><html lang="it-IT"><head><title>Manutenzione</title></head><body>Torniamo presto</body></html>',
    );
    return Promise.resolve();
  }
  if (how.kind === 'longError') {
    res.writeHead(500, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify({ code: 'internal_server_error', message: 'Errore '.padEnd(how.chars, 'x') }));
    return Promise.resolve();
  }
  if (how.kind === 'huge') {
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = how.bytes;
    return new Promise((resolve) => {
      const more = () => {
        while (left > 0 && !res.destroyed) {
          left -= chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
        resolve();
      };
      res.once('close', resolve);
      res.write('[');
      more();
    });
  }
  // A JSON list dribbled out: '[' then a space a second, never ending; the connection closes only from the other side.
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  res.write('[');
  open.add(res);
  return new Promise((resolve) => {
    const timer = setInterval(() => res.write(' '), 1000);
    res.once('close', () => {
      clearInterval(timer);
      open.delete(res);
      resolve();
    });
  });
}
