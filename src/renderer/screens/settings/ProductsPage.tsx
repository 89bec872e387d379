// Settings › Products (issue 30): the product list the bench fills customs lines from, searched, edited a product at a
// time, imported from the shop's spreadsheet (the wrong lines listed by line and column, the good ones kept) and
// exported to it.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { ProductImportError } from '../../../shared/ipc/productCommands';
import type { Product } from '../../../shared/domain/products';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { download, readAsBase64 } from '../../components/files';
import { fieldErrorText } from '../../components/fieldErrorText';
import { PRODUCT_LABELS, ProductForm, productTexts } from '../../components/ProductForm';
import { useI18n, useT } from '../../i18n';
import { useStores } from '../../stores';

type Say = (text: string, error: boolean) => void;
type Page = CommandOutput<'products.list'>;

function ImportErrors({ errors }: { errors: readonly ProductImportError[] }) {
  const t = useT();
  return (
    <table className="table" data-testid="products-import-errors">
      <caption>{t('products.importErrors', { count: new Set(errors.map((e) => e.line)).size })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('products.error.line')}</th>
          <th scope="col">{t('products.error.column')}</th>
          <th scope="col">{t('products.error.problem')}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((e) => (
          <tr key={`${e.line}-${e.field}`} data-testid={`products-import-error-${e.line}-${e.field}`}>
            <td className="num">{e.line}</td>
            <td>{e.field ? t(PRODUCT_LABELS[e.field as keyof typeof PRODUCT_LABELS]) : '—'}</td>
            <td>{fieldErrorText(t, e)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProductsPage({ onMessage }: { onMessage: Say }) {
  const t = useT();
  const formats = useI18n();
  const { api } = useStores();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<Page | undefined>();
  const [editing, setEditing] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [importErrors, setImportErrors] = useState<ProductImportError[]>([]);

  // Read again after each change (generation) and as the search is typed; an answer to an older search is dropped.
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);
  // The page's message callback changes with each render of Settings; the list is read for search and changes only.
  const say = useRef(onMessage);
  useEffect(() => {
    say.current = onMessage;
  });
  useEffect(() => {
    let current = true;
    void api.call('products.list', { search }).then((result) => {
      if (!current) return;
      if (result.ok) setPage(result.value);
      else say.current(errorText(t, result.error), true);
    });
    return () => {
      current = false;
    };
  }, [api, t, search, generation]);

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
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await api.call('products.import', { base64: await readAsBase64(file) });
    if (!result.ok) {
      onMessage(errorText(t, result.error), true);
      return;
    }
    const { added, updated, unchanged, errors } = result.value;
    setImportErrors(errors);
    const wrong = new Set(errors.map((e) => e.line)).size;
    onMessage(t('products.imported', { added, updated, unchanged, wrong }), wrong > 0);
    reload();
  };
  const exportFile = async () => {
    const result = await api.call('products.export', {});
    if (!result.ok) {
      onMessage(errorText(t, result.error), true);
      return;
    }
    download(new Blob([result.value.text], { type: 'text/csv;charset=utf-8' }), result.value.fileName);
    onMessage(t('products.exported', { count: result.value.count, file: result.value.fileName }), false);
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
        <div className="field">
          <label htmlFor={controlId('products-import')}>{t('products.import')}</label>
          <input
            type="file"
            id={controlId('products-import')}
            data-testid="products-import"
            accept=".csv,.txt,.xlsx,text/csv"
            onChange={(event) => void importFile(event)}
          />
        </div>
        <button type="button" data-testid="products-export" onClick={() => void exportFile()}>
          {t('products.export')}
        </button>
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
                <th scope="col">{t('manifests.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((p) =>
                editing === p.sku ? (
                  <tr key={p.sku} data-testid={`product-row-${p.sku}`}>
                    <td colSpan={7}>
                      <ProductForm
                        prefix="product-edit"
                        initial={productTexts(p)}
                        skuLocked
                        onSaved={(product) => saved(product, 'products.saved')}
                        onCancel={() => setEditing(undefined)}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={p.sku} data-testid={`product-row-${p.sku}`}>
                    <td>{p.sku}</td>
                    <td className="wrap">{p.description}</td>
                    <td data-testid={`product-hs-${p.sku}`}>{p.hs_code}</td>
                    <td>{p.origin}</td>
                    <td className="num">{formats.number(p.unit_weight, 3)}</td>
                    <td className="num">
                      {p.unit_value > 0 ? `${formats.number(p.unit_value, 2)} ${p.currency}` : '—'}
                    </td>
                    <td>
                      <button type="button" data-testid={`product-edit-${p.sku}`} onClick={() => setEditing(p.sku)}>
                        {t('products.edit')}
                      </button>{' '}
                      <button type="button" data-testid={`product-delete-${p.sku}`} onClick={() => void remove(p.sku)}>
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
      )}
    </fieldset>
  );
}
