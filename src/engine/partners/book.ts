// Each client id's partner endpoint (where its shop's system takes tracking events), in order: the one saved at this
// engine (a standalone bench's Settings: the URL in its database, the secret in the bench's key store, never in the
// database) and the configuration's (`users[].clients[].partner`). Read fresh for every delivery, so a new URL or a
// new secret applies to the events still waiting.
import { otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { PartnerEndpointSchema, PartnerUrlSchema, type PartnerEndpoint } from '../../shared/domain/partnerEndpoint';
import type { SettingsRepo } from '../settings/repo';

/** Where a bench keeps its partner secrets (its key store); an error is a sentence for the operator. */
export interface PartnerSecrets {
  get(clientId: number): string | undefined;
  set(clientId: number, secret: string | null): { ok: true } | { ok: false; message: string };
}

export type PartnerSource = 'station' | 'config';

/** What the bench shows of an endpoint: never the secret. */
export interface PartnerEndpointView {
  url: string;
  hasSecret: boolean;
  source: PartnerSource;
}

export type PartnerSave = { ok: true; value: PartnerEndpointView | null } | { ok: false; fields: FieldIssues };

export interface PartnerBook {
  get(clientId: number): (PartnerEndpoint & { source: PartnerSource }) | undefined;
  view(clientId: number): PartnerEndpointView | undefined;
  /** A new URL, with a new secret or keeping the saved one; `null` forgets the saved endpoint. */
  save(clientId: number, raw: { url?: unknown; secret?: unknown } | null): PartnerSave;
}

const keyOf = (clientId: number) => `partner.${clientId}`;

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldIssues {
  const fields: FieldIssues = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'url';
    if (!(key in fields)) fields[key] = otherIssue(issue.message);
  }
  return fields;
}

export function createPartnerBook(
  settings: SettingsRepo,
  configured: ReadonlyMap<number, PartnerEndpoint>,
  secrets: PartnerSecrets | undefined,
): PartnerBook {
  const savedUrl = (clientId: number) => settings.get(keyOf(clientId)) || undefined;
  const get: PartnerBook['get'] = (clientId) => {
    const url = savedUrl(clientId);
    const secret = url ? secrets?.get(clientId) : undefined;
    if (url && secret) return { url, secret, source: 'station' };
    const config = configured.get(clientId);
    return config && { ...config, source: 'config' };
  };
  return {
    get,
    view(clientId) {
      const url = savedUrl(clientId);
      if (url) return { url, hasSecret: secrets?.get(clientId) !== undefined, source: 'station' };
      const config = configured.get(clientId);
      return config && { url: config.url, hasSecret: true, source: 'config' };
    },
    save(clientId, raw) {
      if (!secrets)
        return {
          ok: false,
          fields: { url: otherIssue('Endpoint da configurare nel file di configurazione del servizio') },
        };
      if (raw === null) {
        const removed = secrets.set(clientId, null);
        if (!removed.ok) return { ok: false, fields: { secret: otherIssue(removed.message) } };
        settings.set(keyOf(clientId), '');
        return { ok: true, value: null };
      }
      const keep = raw.secret === undefined || raw.secret === '';
      const secret = keep ? secrets.get(clientId) : raw.secret;
      if (keep && secret === undefined) {
        const url = PartnerUrlSchema.safeParse(raw.url);
        const fields = url.success ? {} : fieldsOf(url.error.issues.map((i) => ({ ...i, path: ['url'] })));
        return { ok: false, fields: { ...fields, secret: otherIssue('Segreto obbligatorio') } };
      }
      const parsed = PartnerEndpointSchema.safeParse({ url: raw.url, secret });
      if (!parsed.success) return { ok: false, fields: fieldsOf(parsed.error.issues) };
      if (!keep) {
        const stored = secrets.set(clientId, parsed.data.secret);
        if (!stored.ok) return { ok: false, fields: { secret: otherIssue(stored.message) } };
      }
      settings.set(keyOf(clientId), parsed.data.url);
      return { ok: true, value: { url: parsed.data.url, hasSecret: true, source: 'station' } };
    },
  };
}
