// Connecting a shop (Settings › Negozi collegati): the platform, the shop's address, its credentials (Shopify's Admin
// API access token; WooCommerce's consumer key and secret), the client id its orders ship for and whether the shop
// e-mails its customer. The command's own schema checks it here; the station checks it with the shop itself before
// keeping it. Credentials are typed, never shown back: a shop connected forgets them, and the form starts again for
// the next shop.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { fieldIssue, type FieldIssues } from '../../../shared/api/fieldIssues';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import { SHOP_PLATFORM_IDS, SHOP_PLATFORMS, type ShopPlatform } from '../../../shared/domain/shopPlatforms';
import { draftEditing, parseInput, refusedFields, type DraftEditing, type StationCalls } from './draft';

export type { ShopPlatform };

/**
 * The platforms in the order the select lists them, each with what it asks for (shared/domain/shopPlatforms.ts):
 * WooCommerce's REST API key comes as a pair (consumer key in `token`, consumer secret in `secret`); Shopify's Admin
 * API token is one.
 */
export const SHOP_PLATFORM_LIST: readonly ShopPlatform[] = SHOP_PLATFORM_IDS;

export const needsSecret = (platform: ShopPlatform): boolean => SHOP_PLATFORMS[platform].form.secret;

export interface ShopValues {
  platform: ShopPlatform;
  address: string;
  token: string;
  secret: string;
  /** The select's value: a client id of this station, as text. */
  clientId: string;
  notifyCustomer: boolean;
}

type Connected = Result<CommandOutput<'shops.connect'>>;

export interface ShopDraftState extends DraftEditing<ShopValues> {
  /** While the station checks the connection with the shop. */
  busy: boolean;
  /** Undefined while a check is under way. */
  connect(): Promise<Connected | undefined>;
}

export type ShopDraft = StoreApi<ShopDraftState>;

/** A fresh form: the first platform, the first client id, the customer told (the shops' own default). */
export function shopValues(clientIds: readonly number[]): ShopValues {
  const first = clientIds[0];
  return {
    platform: SHOP_PLATFORM_LIST[0] ?? 'shopify',
    address: '',
    token: '',
    secret: '',
    clientId: first === undefined ? '' : String(first),
    notifyCustomer: true,
  };
}

export function createShopDraft(
  api: StationCalls,
  clientIds: readonly number[],
  options: { afterConnect?: (connected: CommandOutput<'shops.connect'>) => void } = {},
): ShopDraft {
  const start = shopValues(clientIds);
  return createStore<ShopDraftState>()((set, get) => ({
    ...draftEditing(start, set, get),
    busy: false,
    async connect() {
      if (get().busy) return undefined;
      const { clientId, secret, ...values } = get().values;
      const paired = needsSecret(values.platform);
      // A secret typed for another platform is not sent: it is not this shop's.
      const checked = parseInput('shops.connect', {
        ...values,
        secret: paired ? secret : '',
        clientId: Number(clientId),
      });
      // The schema lets the secret be empty (Shopify has none); WooCommerce's key is nothing without it.
      const missing: FieldIssues = paired && secret.trim() === '' ? { secret: fieldIssue('required') } : {};
      if (!checked.ok || missing.secret) {
        const fields = { ...(checked.ok ? {} : checked.error.fields), ...missing };
        set({ errors: fields });
        return checked.ok ? refusedFields(fields) : checked;
      }
      set({ busy: true });
      const result = await api.call('shops.connect', checked.value);
      if (result.ok) {
        // The next shop starts on the same platform and client, which a bench with several shops usually keeps.
        const next = { ...start, platform: values.platform, clientId };
        set({ values: next, baseline: next, dirty: false, errors: {}, busy: false });
        options.afterConnect?.(result.value);
      } else set({ busy: false, errors: result.error.fields ?? {} });
      return result;
    },
  }));
}
