// What the station is, for the bench's first screen: its mode, account, couriers on offer and how drop shipping runs.
import { ok } from '../../shared/ipc/result';
import { offeredCouriers, stationNamedCouriers } from '../settings/courierCatalog';
import type { Handlers } from './context';

export const stationHandlers: Handlers<'station.info'> = {
  'station.info'({ station, runtime }) {
    return ok({
      mode: station.mode,
      prefix: station.engine.sync?.prefix ?? '',
      clientIds: station.account.clientIds,
      canShowPdf: runtime.host.showPdf !== undefined,
      ...offeredCouriers(station),
      namedCouriers: stationNamedCouriers(station),
      dropshipping: station.mode === 'connected' ? 'remote' : station.engine.mail ? 'station' : 'off',
      invoicedClients: station.engine.invoicedClients(station.caller),
    });
  },
};
