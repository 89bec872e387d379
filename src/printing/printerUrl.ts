// Printer targets written as one URL in settings and on the command line: tcp://host[:9100], cups://QUEUE,
// file:///dev/usb/lp0 — and back again.
import { isIPv6 } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Parsed } from '../shared/api/shipmentRequest';
import type { PrinterTarget } from './types';

export const RAW_PORT = 9100;

const EXPECTED = 'attesi tcp://host[:porta], cups://CODA o file:///dev/usb/lp0';
const TCP = /^tcp:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?\/?$/i;
// CUPS refuses spaces, "/", "\", "#" and quotes in queue names; a leading "-" would read as an option to lp.
const CUPS = /^cups:\/\/([^\s/\\#'"-][^\s/\\#'"]{0,126})\/?$/i;

const HOST_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An IPv6 literal (from brackets), or a host name / IPv4 address made of non-empty dot-separated labels. */
function validHost(host: string): boolean {
  if (host.includes(':')) return isIPv6(host);
  return host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));
}

function invalid(url: string, why: string): Parsed<never> {
  return { ok: false, error: `Indirizzo della stampante non valido "${url}": ${why} (${EXPECTED})` };
}

const found = (value: PrinterTarget): Parsed<PrinterTarget> => ({ ok: true, value });

/** A printer URL typed by a person: the target, or the reason it is not one (a result, never a throw). */
export function parsePrinterUrl(url: string): Parsed<PrinterTarget> {
  const text = url.trim();
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'tcp') {
    const match = TCP.exec(text);
    const host = match?.[1]?.replace(/^\[|\]$/g, '');
    if (!match || !host || !validHost(host)) return invalid(url, 'host mancante o non valido');
    const port = match[2] === undefined ? RAW_PORT : Number(match[2]);
    if (port < 1 || port > 65_535) return invalid(url, `porta ${match[2]} fuori intervallo`);
    return found({ kind: 'tcp', host, port });
  }
  if (scheme === 'cups') {
    const queue = CUPS.exec(text)?.[1];
    if (!queue) return invalid(url, 'nome della coda mancante o non valido');
    return found({ kind: 'cups', queue });
  }
  if (scheme === 'file') {
    let path: string;
    try {
      const parsed = new URL(text);
      if (parsed.search || parsed.hash) return invalid(url, 'percorso non valido');
      path = fileURLToPath(parsed);
    } catch {
      // new URL and fileURLToPath throw on what is not a file URL of this system: that is the answer here.
      return invalid(url, 'percorso non valido');
    }
    if (path === '/' || path.endsWith('/')) return invalid(url, 'il percorso è una cartella');
    return found({ kind: 'device', path });
  }
  return invalid(url, scheme ? `schema ${scheme}: non supportato` : 'manca lo schema');
}

/** The URL `parsePrinterUrl` reads back into the same target. */
export function printerUrlOf(target: PrinterTarget): string {
  switch (target.kind) {
    case 'tcp':
      return `tcp://${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
    case 'cups':
      return `cups://${target.queue}`;
    case 'device':
      return pathToFileURL(target.path).href;
  }
}
