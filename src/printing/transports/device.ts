// Printing by writing to a device file such as /dev/usb/lp0 (or a serial port). Only a character device is a printer:
// an ordinary file, a folder or anything else is refused before a byte is written. A device says nothing about paper
// or head, so its status is only whether the path is there, a device, and writable.
import { constants, promises as fs } from 'node:fs';
import type { PrinterStatus, PrinterTransport, SendOutcome } from '../types';
import { plainStatus } from './status';
import { errorMessage } from '../../shared/errorMessage';

const DEFAULT_DEVICE_TIMEOUT_MS = 15_000;

// Write-only and appending, never O_CREAT or O_TRUNC: with the printer unplugged /dev/usb/lp0 is missing, and creating
// it would turn the job into a regular file that reads as "sent". O_NOCTTY keeps a serial port from becoming our
// terminal; O_APPEND is ignored by character devices and leaves an ordinary file opened by mistake untouched.
const OPEN_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_NOCTTY;

/** Why a path that exists is not a printer; the operator reads it as the reason the job waits. */
export const notADevice = (path: string): string =>
  `${path} non è una stampante: serve un dispositivo a caratteri (per esempio /dev/usb/lp0), ` +
  'non un file o una cartella';

function writeToDevice(path: string, bytes: Uint8Array, timeoutMs = DEFAULT_DEVICE_TIMEOUT_MS): Promise<SendOutcome> {
  let phase: 'opening' | 'writing' | 'done' = 'opening';
  let written = 0;
  let stopped = false;

  const work = async (): Promise<SendOutcome> => {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path, OPEN_FLAGS);
    } catch (error) {
      return { kind: 'not_sent', error: errorMessage(error) };
    }
    // Checked on the opened descriptor, not on the name: a path swapped for a link or a file after a check by name
    // would still be written to.
    const device = await handle.stat().then(
      (info) => info.isCharacterDevice(),
      (error: unknown) => errorMessage(error),
    );
    if (device !== true) {
      await handle.close().catch(() => undefined);
      return { kind: 'not_sent', error: device === false ? notADevice(path) : device };
    }
    phase = 'writing';
    try {
      // A device may take a job in several writes; each round writes at least one byte or stops, so this is bounded.
      for (let round = 0; written < bytes.length && round <= bytes.length && !stopped; round += 1) {
        const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
        if (bytesWritten === 0)
          return { kind: 'interrupted', error: `il dispositivo ha accettato ${written} byte su ${bytes.length}` };
        written += bytesWritten;
      }
      return { kind: 'sent' };
    } catch (error) {
      // A write that fails writes nothing: if no earlier write succeeded, the printer received nothing.
      return written === 0
        ? { kind: 'not_sent', error: errorMessage(error) }
        : { kind: 'interrupted', error: `${errorMessage(error)} (dopo ${written} byte su ${bytes.length})` };
    } finally {
      phase = 'done';
      await handle.close().catch(() => undefined);
    }
  };

  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    // A write to a printer that stopped taking data blocks in the kernel; the time limit answers for it, no further
    // write starts, and the handle is closed when the blocked one finally returns.
    const timer = setTimeout(() => {
      stopped = true;
      if (phase === 'opening')
        settle({ kind: 'not_sent', error: `${path}: apertura non completata entro ${timeoutMs} ms` });
      else if (phase === 'writing')
        settle({
          kind: 'interrupted',
          error: `${path}: scritti ${written} byte su ${bytes.length} entro ${timeoutMs} ms`,
        });
    }, timeoutMs);
    void work().then(settle);
  });
}

async function deviceState(path: string): Promise<PrinterStatus> {
  try {
    if (!(await fs.stat(path)).isCharacterDevice()) return plainStatus('problem', notADevice(path));
    await fs.access(path, constants.W_OK);
    return plainStatus('unknown', 'Stato sconosciuto: il dispositivo non dice come sta la stampante');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENODEV' || code === 'ENXIO')
      return plainStatus('unreachable', `Dispositivo non trovato: ${path}`);
    if (code === 'EACCES' || code === 'EPERM')
      return plainStatus('problem', `Permesso negato: non si può scrivere su ${path}`);
    return plainStatus('unknown', `Stato sconosciuto: ${errorMessage(error)}`);
  }
}

export function deviceTransport(path: string): PrinterTransport {
  return {
    status: () => deviceState(path),
    send: (bytes, timeoutMs) => writeToDevice(path, bytes, timeoutMs),
  };
}
