// Settings › Products: the product list the bench fills customs lines from, searched, edited a product at a
// time, imported from the shop's spreadsheet (the wrong lines listed by line and column, the good ones kept) and
// exported to it.
import { useState } from 'react';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { ProductImportError } from '../../../shared/ipc/productCommands';
import type { Product } from '../../../shared/domain/products';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { useStationRead } from '../../components/useStationRead';
import { ProductForm, productTexts } from '../../components/ProductForm';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { ImportErrors, ProductFileActions } from './ProductFiles';
import { ProductsTable } from './ProductsTable';

type Say = (text: string, error: boolean) => void;
type Page = CommandOutput<'products.list'>;

export function ProductsPage({ onMessage }: { onMessage: Say }) {
  const t = useT();
  const { api } = useStores();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [importErrors, setImportErrors] = useState<ProductImportError[]>([]);

  // Read again after each change (generation) and as the search is typed; an answer to an older search is dropped.
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);
  const page: Page | undefined = useStationRead(
    () => api.call('products.list', { search }),
    `${generation}\n${search}`,
    (error) => onMessage(errorText(t, error), true),
  );

  const saved = (product: Product, verb: 'products.saved' | 'products.added') => {
    setEditing(undefined);
    setAdding(false);
    onMessage(t(verb, { sku: product.sku }), false);
    reload();
  };
  const remove = async (sku: string) => {
    const result = await api.call('products.delete', { sku });
    onMessage(result.ok ? t('products.deleted', { sku }) : errorText(t, result.error), !result.ok);
    reload();
  };

  return (
    <fieldset className="group" data-testid="settings-products">
      <legend>{t('products.title')}</legend>
      <p className="group__note">{t('products.note')}</p>
      <div className="products-toolbar">
        <div className="field">
          <label htmlFor={controlId('products-search')}>{t('products.search')}</label>
          <input
            id={controlId('products-search')}
            data-testid="products-search"
            type="search"
            value={search}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <button type="button" data-testid="products-add" onClick={() => setAdding(true)} disabled={adding}>
          {t('products.add')}
        </button>
        <ProductFileActions
          onMessage={onMessage}
          onImported={(errors) => {
            setImportErrors(errors);
            reload();
          }}
        />
      </div>
      {importErrors.length > 0 ? <ImportErrors errors={importErrors} /> : null}
      {adding ? (
        <ProductForm
          prefix="product-new"
          initial={productTexts()}
          onSaved={(product) => saved(product, 'products.added')}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {page === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : page.total === 0 ? (
        <p className="muted" data-testid="products-empty">
          {search.trim() ? t('products.noneFound', { search: search.trim() }) : t('products.none')}
        </p>
      ) : (
        <ProductsTable
          page={page}
          editing={editing}
          onEdit={setEditing}
          onSaved={(product) => saved(product, 'products.saved')}
          onRemove={(sku) => void remove(sku)}
        />
      )}
    </fieldset>
  );
}
