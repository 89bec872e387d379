// One transport per printer target and language: raw TCP with Zebra status (~HS) for a label printer, raw TCP with
// ESC/POS real-time status (DLE EOT) for a receipt printer, an operating-system queue, or a device file.
import type { PrinterConfig, PrinterTransport } from '../types';
import { cupsTransport, type CupsOptions } from './cups';
import { deviceTransport } from './device';
import { escposTcpTransport } from './escpos';
import { tcpTransport } from './tcp';

export type TransportOptions = CupsOptions;

export function transportFor(config: PrinterConfig, options: TransportOptions = {}): PrinterTransport {
  const target = config.target;
  switch (target.kind) {
    case 'tcp':
      // A receipt printer would print Zebra's status query as text: each language is asked in its own.
      return config.language === 'ESCPOS'
        ? escposTcpTransport(target.host, target.port)
        : tcpTransport(target.host, target.port);
    case 'cups':
      return cupsTransport(target.queue, config.language, options);
    case 'device':
      return deviceTransport(target.path);
  }
}

export { cupsTransport, deviceTransport, escposTcpTransport, tcpTransport };
