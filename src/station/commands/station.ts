// What the station is, for the bench's first screen: its mode, account, couriers on offer and how drop shipping runs;
// and the start-up read that carries it with the settings and the sync state in one answer.
import { ok } from '../../shared/ipc/result';
import type { CommandOutput } from '../../shared/ipc/commands';
import { offeredCouriers, stationNamedCouriers } from '../settings/courierCatalog';
import type { CommandContext, Handlers } from './context';
import { settingsOf } from './settings';
import { syncStatusOf } from './sync';

function stationInfoOf({ station, runtime }: CommandContext): CommandOutput<'station.info'> {
  return {
    mode: station.mode,
    prefix: station.engine.sync?.prefix ?? '',
    clientIds: station.account.clientIds,
    canShowPdf: runtime.host.showPdf !== undefined,
    ...offeredCouriers(station),
    namedCouriers: stationNamedCouriers(station),
    dropshipping: station.mode === 'connected' ? 'remote' : station.engine.mail ? 'station' : 'off',
    invoicedClients: station.engine.invoicedClients(station.caller),
  };
}

export const stationHandlers: Handlers<'station.info' | 'station.start'> = {
  'station.info'(ctx) {
    return ok(stationInfoOf(ctx));
  },
  'station.start'(ctx) {
    return ok({ info: stationInfoOf(ctx), settings: settingsOf(ctx), sync: syncStatusOf(ctx.station) });
  },
};
