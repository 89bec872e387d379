// Settings › Negozi collegati: the form that connects a shop. Enter anywhere in it connects; while the station checks
// the connection with the shop the button says so and waits. A refusal is shown beside its field (wrong credentials
// in the shop's own words, at the token) and the focus goes there to type it again. Credentials are password fields,
// never shown back; what they are called, and where in the shop's admin they come from (the line under the form, in
// the shop owner's words), follows the platform picked.
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { CommandOutput } from '../../../shared/ipc/commands';
import { SHOP_PLATFORMS } from '../../../shared/domain/shopPlatforms';
import { FieldShell, controlId, errorId } from '../../components/Field';
import { Toggle } from '../../components/Controls';
import { errorText } from '../../components/errorText';
import { fieldErrorText } from '../../components/fieldErrorText';
import { useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import {
  createShopDraft,
  needsSecret,
  SHOP_PLATFORM_LIST,
  type ShopDraft,
  type ShopPlatform,
  type ShopValues,
} from '../../stores/settings/shopDraft';

type Say = (text: string, error: boolean) => void;
type TextField = 'address' | 'token' | 'secret';

/**
 * How each platform's form reads in the bench's language: its name, what its token is called, where it comes from (the
 * samples of each field are the platform's own, shared/domain/shopPlatforms.ts).
 */
const PLATFORM_FORM: Record<ShopPlatform, { name: MessageKey; token: MessageKey; help: MessageKey }> = {
  shopify: {
    name: 'shops.platform.shopify',
    token: 'shops.token.shopify',
    help: 'shops.help.shopify',
  },
  woocommerce: {
    name: 'shops.platform.woocommerce',
    token: 'shops.token.woocommerce',
    help: 'shops.help.woocommerce',
  },
  prestashop: {
    name: 'shops.platform.prestashop',
    token: 'shops.token.prestashop',
    help: 'shops.help.prestashop',
  },
};
/** The fields in the order of the form: the focus goes to the first one refused. */
const FIELD_ORDER: ReadonlyArray<keyof ShopValues> = [
  'platform',
  'address',
  'token',
  'secret',
  'clientId',
  'notifyCustomer',
];

/** A platform's name as the page shows it (Shopify, WooCommerce). */
export function usePlatformName(): (platform: ShopPlatform) => string {
  const t = useT();
  return (platform) => t(PLATFORM_FORM[platform].name);
}

function useIssue(draft: ShopDraft, field: keyof ShopValues): string | undefined {
  const t = useT();
  const issue = useStore(draft, (s) => s.errors[field]);
  return issue && fieldErrorText(t, issue);
}

function TextInput({ draft, field, label }: { draft: ShopDraft; field: TextField; label: string }) {
  const value = useStore(draft, (s) => s.values[field]);
  const platform = useStore(draft, (s) => s.values.platform);
  const error = useIssue(draft, field);
  const name = `shop-${field}`;
  const credential = field !== 'address';
  return (
    <FieldShell name={name} label={label} error={error} required className="field--wide">
      <input
        id={controlId(name)}
        data-testid={name}
        type={credential ? 'password' : 'text'}
        // Credentials are the shop's passwords: the browser neither offers nor keeps them.
        autoComplete={credential ? 'new-password' : 'off'}
        spellCheck={false}
        placeholder={SHOP_PLATFORMS[platform].form.samples[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        value={value}
        onChange={(event) => draft.getState().set(field, event.target.value)}
      />
    </FieldShell>
  );
}

function PlatformField({ draft }: { draft: ShopDraft }) {
  const t = useT();
  const name = usePlatformName();
  const platform = useStore(draft, (s) => s.values.platform);
  const error = useIssue(draft, 'platform');
  return (
    <FieldShell name="shop-platform" label={t('shops.platform')} error={error} className="field--fit">
      <select
        id={controlId('shop-platform')}
        data-testid="shop-platform"
        value={platform}
        onChange={(event) => {
          const picked = SHOP_PLATFORM_LIST.find((p) => p === event.target.value);
          if (picked) draft.getState().set('platform', picked);
        }}
      >
        {SHOP_PLATFORM_LIST.map((p) => (
          <option key={p} value={p}>
            {name(p)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function ClientField({ draft, clientIds }: { draft: ShopDraft; clientIds: readonly number[] }) {
  const t = useT();
  const clientId = useStore(draft, (s) => s.values.clientId);
  const error = useIssue(draft, 'clientId');
  return (
    <FieldShell name="shop-clientId" label={t('shops.clientId')} error={error} className="field--fit">
      <select
        id={controlId('shop-clientId')}
        data-testid="shop-clientId"
        value={clientId}
        onChange={(event) => draft.getState().set('clientId', event.target.value)}
      >
        {clientIds.map((id) => (
          <option key={id} value={String(id)}>
            {id}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function ShopConnectForm({
  onMessage,
  onConnected,
}: {
  onMessage: Say;
  onConnected(connection: CommandOutput<'shops.connect'>): void;
}) {
  const t = useT();
  const { api, app } = useStores();
  const clientIds = useStore(app, (s) => s.info?.clientIds ?? []);
  const [draft] = useState(() => createShopDraft(api, clientIds));
  const form = useRef<HTMLFormElement>(null);
  const busy = useStore(draft, (s) => s.busy);
  const platform = useStore(draft, (s) => s.values.platform);
  const notify = useStore(draft, (s) => s.values.notifyCustomer);
  const facts = PLATFORM_FORM[platform];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await draft.getState().connect();
    if (!result) return;
    if (result.ok) {
      onMessage(t('shops.connected', { name: result.value.name }), false);
      onConnected(result.value);
      return;
    }
    const errors = draft.getState().errors;
    const first = FIELD_ORDER.find((field) => errors[field]);
    // A refusal beside a field is read there, where the focus goes to type it again; anything else is the page's.
    if (first) form.current?.querySelector<HTMLElement>(`#${controlId(`shop-${first}`)}`)?.focus();
    else onMessage(errorText(t, result.error), true);
  };

  return (
    <form
      className="shop-connect"
      data-testid="shop-connect-form"
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="form-row">
        <PlatformField draft={draft} />
        <TextInput draft={draft} field="address" label={t('shops.address')} />
        <TextInput draft={draft} field="token" label={t(facts.token)} />
        {needsSecret(platform) ? <TextInput draft={draft} field="secret" label={t('shops.secret')} /> : null}
        <ClientField draft={draft} clientIds={clientIds} />
      </div>
      <Toggle
        id="shop-notifyCustomer"
        checked={notify}
        label={t('shops.notifyCustomer')}
        onChange={(on) => draft.getState().set('notifyCustomer', on)}
      />
      <button type="submit" className="primary" data-testid="shop-connect" disabled={busy} aria-busy={busy}>
        {busy ? t('shops.checking') : t('shops.connect')}
      </button>
      <p className="field__hint shop-connect__help" data-testid="shop-help">
        {t(facts.help)}
      </p>
    </form>
  );
}
