// The products of Settings › Products as a table: a row each with its customs facts, edited in place (the
// row becomes the product's form, its SKU locked) or removed; a note when the search found more than are shown.
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Product } from '../../../shared/domain/products';
import { ProductForm, productTexts } from '../../components/ProductForm';
import { useI18n, useT } from '../../i18n';

type Page = CommandOutput<'products.list'>;

/** `editing`: the SKU whose row is its form; `onSaved` gets the product that form saved. */
export function ProductsTable({
  page,
  editing,
  onEdit,
  onSaved,
  onRemove,
}: {
  page: Page;
  editing: string | undefined;
  onEdit(sku: string | undefined): void;
  onSaved(product: Product): void;
  onRemove(sku: string): void;
}) {
  const t = useT();
  const formats = useI18n();
  return (
    <div className="table-scroll">
      <table className="table" data-testid="products-table" data-total={page.total}>
        <thead>
          <tr>
            <th scope="col">{t('products.col.sku')}</th>
            <th scope="col">{t('products.col.description')}</th>
            <th scope="col">{t('products.col.hsCode')}</th>
            <th scope="col">{t('products.col.origin')}</th>
            <th scope="col" className="num">
              {t('products.col.unitWeight')}
            </th>
            <th scope="col" className="num">
              {t('products.col.unitValue')}
            </th>
            <th scope="col">{t('products.col.codes')}</th>
            <th scope="col">{t('manifests.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((p) =>
            editing === p.sku ? (
              <tr key={p.sku} data-testid={`product-row-${p.sku}`}>
                <td colSpan={8}>
                  <ProductForm
                    prefix="product-edit"
                    initial={productTexts(p)}
                    skuLocked
                    onSaved={onSaved}
                    onCancel={() => onEdit(undefined)}
                  />
                </td>
              </tr>
            ) : (
              <tr key={p.sku} data-testid={`product-row-${p.sku}`}>
                <td>{p.sku}</td>
                <td className="wrap">{p.description}</td>
                <td data-testid={`product-hs-${p.sku}`}>{p.hs_code || '—'}</td>
                <td>{p.origin || '—'}</td>
                <td className="num">{p.unit_weight > 0 ? formats.number(p.unit_weight, 3) : '—'}</td>
                <td className="num">{p.unit_value > 0 ? `${formats.number(p.unit_value, 2)} ${p.currency}` : '—'}</td>
                <td className="mono" data-testid={`product-codes-${p.sku}`}>
                  {[p.ean, p.barcode].filter(Boolean).join(' · ') || '—'}
                </td>
                <td>
                  <button type="button" data-testid={`product-edit-${p.sku}`} onClick={() => onEdit(p.sku)}>
                    {t('products.edit')}
                  </button>{' '}
                  <button type="button" data-testid={`product-delete-${p.sku}`} onClick={() => onRemove(p.sku)}>
                    {t('products.delete')}
                  </button>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      {page.total > page.rows.length ? (
        <p className="muted">{t('products.more', { shown: page.rows.length, total: page.total })}</p>
      ) : null}
    </div>
  );
}
