// Manifest PDFs: drawn from the shipments a confirmation confirmed, stored with the manifest, and drawn again from
// the same rows if the process stopped before storing it (the rows, not the PDF, are the record).
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { lazily } from '../lazily';
import { parseStoredData } from '../shipments/record';
import type { ManifestData } from './types';
import { printedProvince } from '../../shared/domain/subdivisions';

/** pdf-lib and fontkit, under the manifest's renderer, loaded with the first manifest drawn (../lazily.ts). */
const manifestRenderer = lazily(() => import('./pdf'));

function manifestData(ctx: EngineContext, manifestId: number): ManifestData | undefined {
  const manifest = ctx.manifests.byIdUnscoped(manifestId);
  if (!manifest) return undefined;
  const invoiced = new Map(ctx.invoiced.of(manifest.user_id).map((c) => [c.id, c.name]));
  const rows = ctx.manifests.shipments(manifestId);
  const first = rows[0] ? parseStoredData(rows[0]) : undefined;
  return {
    manifestId,
    createdAt: manifest.created_at,
    clientIds: JSON.parse(manifest.client_ids) as number[],
    sender: {
      name: first?.sender_name ?? '',
      addr: first?.sender_addr ?? '',
      cap: first?.sender_cap ?? '',
      city: first?.sender_city ?? '',
      prov: first?.sender_prov ?? '',
      country: first?.sender_country_code || first?.origine || '',
    },
    rows: rows.map((row) => {
      const d = parseStoredData(row);
      const courier = ctx.couriers.get(row.corriere);
      return {
        id: row.id,
        ddtNum: row.ddt_num,
        ddtAlpha: row.ddt_alpha,
        numSpedizione: row.num_spedizione,
        courierId: row.corriere,
        courierName: courier?.name ?? `Corriere ${row.corriere}`,
        serviceName: courier?.services.find((s) => s.id === row.servizio)?.name ?? String(row.servizio),
        rcptName: d.rcpt_name,
        rcptCity: d.rcpt_city,
        rcptProv: printedProvince(d.rcpt_country_code, d.rcpt_prov),
        rcptCountry: d.rcpt_country_code,
        colli: row.colli,
        pesoKg: row.peso,
        contrassegno: d.contrassegno,
        valuta: d.valuta,
        ...(d.invoiced_client_id
          ? { invoicedClient: `${invoiced.get(d.invoiced_client_id) ?? 'Cliente'} (${d.invoiced_client_id})` }
          : {}),
      };
    }),
  };
}

/** Renders (or re-renders) and stores a manifest's PDF; returns its bytes. */
export async function renderAndStoreManifest(ctx: EngineContext, manifestId: number): Promise<Buffer> {
  const data = manifestData(ctx, manifestId);
  if (!data) throw new Error(`manifest ${manifestId} not found`);
  const { renderManifestPdf } = await manifestRenderer();
  const pdf = Buffer.from(await renderManifestPdf(ctx.resources, data));
  ctx.manifests.setPdf(manifestId, pdf);
  return pdf;
}

export async function getManifestPdf(
  ctx: EngineContext,
  caller: Caller,
  manifestId: number,
): Promise<Buffer | undefined> {
  const manifest = ctx.manifests.byId(caller.userId, manifestId);
  if (!manifest) return undefined;
  return manifest.pdf ?? renderAndStoreManifest(ctx, manifestId);
}
