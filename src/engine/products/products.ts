// The bench's product list: each user's SKUs with their customs facts, kept by the SKU's key (trimmed,
// upper-cased) so an order's line finds its product however its SKU was typed. Checked here as the Settings page and
// the CSV import check it; a batch is kept in one transaction. An item code (EAN, the shop's barcode) names one SKU
// only: product_codes holds each code's key once per user, so a code another SKU has is refused naming that SKU.
import { fieldIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { codeKeys } from '../../shared/domain/itemCodes';
import { normalisedProduct, productIssues, skuKey, type Product } from '../../shared/domain/products';
import type { Caller } from '../auth/users';
import type { Db } from '../db/open';
import type { Clock } from '../ports';

export interface ProductsPort {
  /** The caller's products by SKU, those whose SKU or description holds `search` (any case). */
  list(
    caller: Caller,
    filter?: { search?: string; limit?: number; offset?: number },
  ): { total: number; rows: Product[] };
  /** Checks and keeps one product (a SKU already kept is replaced); the problems by field when it is refused. */
  save(caller: Caller, product: Product): { ok: true; value: Product } | { ok: false; fields: FieldIssues };
  /** Keeps products already checked, in one transaction; what each did. */
  saveAll(caller: Caller, products: readonly Product[]): { added: number; updated: number; unchanged: number };
  /**
   * Which of these products' item codes another SKU of the caller holds already (or an earlier product of the same
   * list): by index in the list, the field and the SKU that holds it. Empty when every code may be kept.
   */
  codeClashes(caller: Caller, products: readonly Product[]): Map<number, FieldIssues>;
  /** Forgets a product; false when the caller had none by that SKU. */
  remove(caller: Caller, sku: string): boolean;
  /** The products these SKUs name (as kept), in the order asked; SKUs the list lacks are left out. */
  lookup(caller: Caller, skus: readonly string[]): Product[];
  /**
   * One piece's value as orders give it, kept for each SKU whose product has none (the first value of a SKU wins);
   * a SKU the list lacks is not added (it lacks the customs facts) and a value already kept is never changed. Runs in
   * the caller's transaction when there is one. Answers how many products learnt a value.
   */
  learnValues(caller: Caller, lines: readonly { sku?: string | undefined; unitValue?: number | undefined }[]): number;
}

interface Row extends Omit<Product, 'ean' | 'barcode'> {
  sku_key: string;
  ean: string;
  barcode: string;
}

const COLUMNS = 'sku, description, hs_code, origin, unit_weight, unit_value, currency, ean, barcode';
/** As read: the shelf too, which a product has only when the product file gave one. */
const READ = `${COLUMNS}, location`;
type ReadRow = Omit<Product, 'location' | 'ean' | 'barcode'> & { location: string; ean: string; barcode: string };
/** A row as a product: the shelf and the item codes only when it has some (as normalisedProduct keeps them). */
const productOf = ({ location, ean, barcode, ...rest }: ReadRow): Product => ({
  ...rest,
  ...(location ? { location } : {}),
  ...(ean === '' ? {} : { ean }),
  ...(barcode === '' ? {} : { barcode }),
});

/** The keys a product's item codes are held by, with the field each comes from. */
const keysOf = (p: Product): { key: string; field: 'ean' | 'barcode' }[] =>
  (['ean', 'barcode'] as const).flatMap((field) => codeKeys(p[field] ?? '').map((key) => ({ key, field })));
const SEARCH = `user_id = @user AND (@search = '' OR instr(sku_key, upper(@search)) > 0
  OR instr(lower(description), lower(@search)) > 0)`;

const same = (a: Product, b: Product) =>
  a.sku === b.sku &&
  a.description === b.description &&
  a.hs_code === b.hs_code &&
  a.origin === b.origin &&
  a.unit_weight === b.unit_weight &&
  a.unit_value === b.unit_value &&
  a.currency === b.currency &&
  (b.location === undefined || (a.location ?? '') === b.location) &&
  (a.ean ?? '') === (b.ean ?? '') &&
  (a.barcode ?? '') === (b.barcode ?? '');

export function productsPort(db: Db, clock: Clock): ProductsPort {
  const s = {
    page: db.prepare<{ user: number; search: string; limit: number; offset: number }, ReadRow>(
      `SELECT ${READ} FROM products WHERE ${SEARCH} ORDER BY sku_key LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<{ user: number; search: string }, { n: number }>(
      `SELECT count(*) AS n FROM products WHERE ${SEARCH}`,
    ),
    get: db.prepare<[number, string], ReadRow>(`SELECT ${READ} FROM products WHERE user_id = ? AND sku_key = ?`),
    // A product saved without a shelf (the Settings page has no such field) keeps the one the file gave it.
    upsert: db.prepare<Omit<Row, 'location'> & { location: string | null; user: number; at: number }>(
      `INSERT INTO products (user_id, sku_key, ${COLUMNS}, location, updated_at)
       VALUES (@user, @sku_key, @sku, @description, @hs_code, @origin, @unit_weight, @unit_value, @currency, @ean,
         @barcode, COALESCE(@location, ''), @at)
       ON CONFLICT (user_id, sku_key) DO UPDATE SET sku = excluded.sku, description = excluded.description,
         hs_code = excluded.hs_code, origin = excluded.origin, unit_weight = excluded.unit_weight,
         unit_value = excluded.unit_value, currency = excluded.currency, ean = excluded.ean,
         barcode = excluded.barcode, location = COALESCE(@location, products.location),
         updated_at = excluded.updated_at`,
    ),
    dropCodes: db.prepare<[number, string]>('DELETE FROM product_codes WHERE user_id = ? AND sku_key = ?'),
    addCode: db.prepare<[number, string, string]>(
      'INSERT OR IGNORE INTO product_codes (user_id, code_key, sku_key) VALUES (?, ?, ?)',
    ),
    holder: db.prepare<[number, string], { sku: string; sku_key: string }>(
      `SELECT p.sku, p.sku_key FROM product_codes c JOIN products p ON p.user_id = c.user_id AND p.sku_key = c.sku_key
       WHERE c.user_id = ? AND c.code_key = ?`,
    ),
    remove: db.prepare<[number, string]>('DELETE FROM products WHERE user_id = ? AND sku_key = ?'),
    learn: db.prepare<{ user: number; key: string; value: number; at: number }>(
      `UPDATE products SET unit_value = @value, updated_at = @at
       WHERE user_id = @user AND sku_key = @key AND unit_value = 0`,
    ),
  };
  const learnAll = db.transaction((caller: Caller, values: ReadonlyMap<string, number>) => {
    let learnt = 0;
    const at = clock.now().getTime();
    for (const [key, value] of values) learnt += s.learn.run({ user: caller.userId, key, value, at }).changes;
    return learnt;
  });
  const now = () => clock.now().getTime();
  const clashes = (caller: Caller, products: readonly Product[]): Map<number, FieldIssues> => {
    const found = new Map<number, FieldIssues>();
    const earlier = new Map<string, string>();
    products.forEach((given, index) => {
      const p = normalisedProduct(given);
      const own = skuKey(p.sku);
      for (const { key, field } of keysOf(p)) {
        const kept = s.holder.get(caller.userId, key);
        const other = earlier.get(key) ?? (kept && kept.sku_key !== own ? kept.sku : undefined);
        if (other !== undefined && skuKey(other) !== own)
          found.set(index, { ...found.get(index), [field]: fieldIssue('codeShared', other) });
        else earlier.set(key, p.sku);
      }
    });
    return found;
  };
  const keep = (caller: Caller, product: Product): 'added' | 'updated' | 'unchanged' => {
    const p = normalisedProduct(product);
    const key = skuKey(p.sku);
    const read = s.get.get(caller.userId, key);
    const before = read && productOf(read);
    if (before && same(before, p)) return 'unchanged';
    const codes = { ean: p.ean ?? '', barcode: p.barcode ?? '' };
    s.upsert.run({ ...p, ...codes, location: p.location ?? null, sku_key: key, user: caller.userId, at: now() });
    s.dropCodes.run(caller.userId, key);
    for (const { key: code } of keysOf(p)) s.addCode.run(caller.userId, code, key);
    return before ? 'updated' : 'added';
  };
  const keepAll = db.transaction((caller: Caller, products: readonly Product[]) => {
    const counts = { added: 0, updated: 0, unchanged: 0 };
    for (const p of products) counts[keep(caller, p)]++;
    return counts;
  });
  return {
    list(caller, filter = {}) {
      const search = (filter.search ?? '').trim();
      const rows = s.page.all({
        user: caller.userId,
        search,
        limit: Math.min(Math.max(filter.limit ?? 200, 1), 100_000),
        offset: Math.max(filter.offset ?? 0, 0),
      });
      return { total: s.count.get({ user: caller.userId, search })?.n ?? 0, rows: rows.map(productOf) };
    },
    save(caller, product) {
      const fields = { ...clashes(caller, [product]).get(0), ...productIssues(product) };
      if (Object.keys(fields).length > 0) return { ok: false, fields };
      keep(caller, product);
      const kept = s.get.get(caller.userId, skuKey(product.sku));
      return { ok: true, value: kept ? productOf(kept) : normalisedProduct(product) };
    },
    codeClashes: clashes,
    saveAll: (caller, products) => keepAll(caller, products),
    remove: (caller, sku) => s.remove.run(caller.userId, skuKey(sku)).changes > 0,
    learnValues(caller, lines) {
      const values = new Map<string, number>();
      for (const { sku, unitValue } of lines) {
        const key = skuKey(sku ?? '');
        if (key !== '' && unitValue !== undefined && unitValue > 0 && !values.has(key)) values.set(key, unitValue);
      }
      return values.size === 0 ? 0 : learnAll(caller, values);
    },
    lookup(caller, skus) {
      const found: Product[] = [];
      const seen = new Set<string>();
      for (const sku of skus) {
        const key = skuKey(sku);
        if (key === '' || seen.has(key)) continue;
        seen.add(key);
        const product = s.get.get(caller.userId, key);
        if (product) found.push(productOf(product));
      }
      return found;
    },
  };
}
