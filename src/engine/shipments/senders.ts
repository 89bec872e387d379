// Each client id's sender profile, where it comes from, in order: the one saved at this engine (a bench's Settings,
// kept in its database), the configuration's (`users[].clients[].sender`), and the engine's default (the demo sender
// of a standalone bench and of the embedded demo service). Profiles are checked like a recipient before they are kept.
import {
  parseSenderProfile,
  SenderProfileSchema,
  type ParsedSender,
  type SenderProfile,
} from '../../shared/domain/senderProfile';
import type { Municipalities } from '../couriers/municipalities';
import type { SettingsRepo } from '../settings/repo';

export type SenderSource = 'station' | 'config' | 'default';

export interface SenderBook {
  get(clientId: number): { profile: SenderProfile; source: SenderSource } | undefined;
  /** Checks and keeps a client's profile; `null` forgets the saved one (the config's or the default applies again). */
  save(clientId: number, raw: unknown): ParsedSender | { ok: true; value: null };
}

const keyOf = (clientId: number) => `sender.${clientId}`;

export function createSenderBook(
  settings: SettingsRepo,
  places: Municipalities,
  configured: ReadonlyMap<number, SenderProfile>,
  fallback: SenderProfile | undefined,
): SenderBook {
  const saved = (clientId: number): SenderProfile | undefined => {
    const text = settings.get(keyOf(clientId));
    if (!text) return undefined;
    try {
      const parsed = SenderProfileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    get(clientId) {
      const own = saved(clientId);
      if (own) return { profile: own, source: 'station' };
      const config = configured.get(clientId);
      if (config) return { profile: config, source: 'config' };
      return fallback ? { profile: fallback, source: 'default' } : undefined;
    },
    save(clientId, raw) {
      if (raw === null) {
        settings.set(keyOf(clientId), '');
        return { ok: true, value: null };
      }
      const parsed = parseSenderProfile(raw, (cap, city, prov) => places.check(cap, city, prov));
      if (parsed.ok) settings.set(keyOf(clientId), JSON.stringify(parsed.value));
      return parsed;
    },
  };
}
