// The bench scale's commands: its settings with the serial ports there are, its last reading, and the weight last
// given to a parcel (held until the pan changes).
import { ok } from '../../shared/ipc/result';
import { listSerialPorts } from '../../scale/index';
import type { Handlers } from './context';

export const scaleHandlers: Handlers<'scale.get' | 'scale.save' | 'scale.hold'> = {
  async 'scale.get'({ station }) {
    const ports = await listSerialPorts().catch(() => []);
    return ok({
      config: station.scale.config,
      reading: station.scale.reading(),
      ports: ports.map((p) => p.path),
      heldKg: station.scale.heldKg(),
    });
  },
  'scale.hold'({ station }, { kg }) {
    station.scale.hold(kg);
    return ok({});
  },
  async 'scale.save'({ station }, { config }) {
    await station.scale.set(config);
    return ok({ config: station.scale.config, reading: station.scale.reading() });
  },
};
