// One transport per printer target: raw TCP with Zebra status, an operating-system queue, or a device file.
import type { PrinterConfig, PrinterTransport } from '../types';
import { cupsTransport, type CupsOptions } from './cups';
import { deviceTransport } from './device';
import { tcpTransport } from './tcp';

export type TransportOptions = CupsOptions;

export function transportFor(config: PrinterConfig, options: TransportOptions = {}): PrinterTransport {
  const target = config.target;
  switch (target.kind) {
    case 'tcp':
      return tcpTransport(target.host, target.port);
    case 'cups':
      return cupsTransport(target.queue, config.language, options);
    case 'device':
      return deviceTransport(target.path);
  }
}

export { cupsTransport, deviceTransport, tcpTransport };
