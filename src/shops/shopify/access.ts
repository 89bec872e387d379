// What a Shopify custom app must be granted for the bench, and how Shopify's access refusals are told: the Admin API
// scopes checked at connect (read from the app's own installation), the protected customer data level the orders query
// needs, and a refusal (ACCESS_DENIED, protected data) said apart from a wrong token, with what to grant where.

/** The scopes the bench needs; a write scope grants its read. `read_all_orders`: else only 60 days of orders show. */
export const REQUIRED_SCOPES = [
  'read_orders',
  'read_all_orders',
  'write_orders',
  'write_merchant_managed_fulfillment_orders',
  'read_products',
] as const;

/** Order.email, Order.phone and the addresses' name, street, zip and phone are protected customer data: level 2. */
export const PROTECTED_DATA =
  'dati protetti dei clienti di livello 2 (nome, e-mail, telefono, indirizzo: "Accesso ai dati protetti dei clienti" ' +
  "nella configurazione dell'app)";

const WHERE = "nel pannello di Shopify: Impostazioni → App → Sviluppa app → l'app → Configurazione";

/** The required scopes the app was not granted. */
export function missingScopes(granted: readonly string[]): string[] {
  const has = new Set(granted);
  return REQUIRED_SCOPES.filter((scope) => !has.has(scope) && !has.has(scope.replace(/^read_/, 'write_')));
}

export const scopesMessage = (missing: readonly string[]) =>
  `Accesso negato: all'app mancano gli ambiti ${missing.join(', ')} (${WHERE} → Ambiti di accesso dell'API Admin, ` +
  'poi Installa di nuovo)';

interface GraphQLError {
  message?: string;
  extensions?: { code?: string; requiredAccess?: string };
}

/**
 * Shopify's refusal of a field or object the token may not read, in the bench's words, or undefined when the errors
 * are not one: a missing scope (its name from Shopify's `requiredAccess`) or protected customer data not granted.
 */
export function accessRefusal(errors: readonly unknown[]): string | undefined {
  const denied = (errors as GraphQLError[]).filter(
    (e) => e.extensions?.code === 'ACCESS_DENIED' || /protected-customer-data|not approved to/i.test(e.message ?? ''),
  );
  if (denied.length === 0) return undefined;
  if (denied.some((e) => /protected-customer-data|not approved to/i.test(e.message ?? '')))
    return `Accesso negato: all'app mancano i ${PROTECTED_DATA}`;
  const scopes = denied.flatMap((e) =>
    [...`${e.extensions?.requiredAccess ?? ''} ${e.message ?? ''}`.matchAll(/`(\w+)`/g)].map((m) => m[1] ?? ''),
  );
  return scopesMessage([...new Set(scopes.filter(Boolean))]);
}
