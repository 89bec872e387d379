// The product list's file actions in Settings › Products: import from the shop's spreadsheet (the good
// lines kept, the wrong ones answered by line and column) and export to it, with the table of an import's wrong lines.
import type { ProductImportError } from '../../../shared/ipc/productCommands';
import { FilePicker } from '../../components/Controls';
import { errorText } from '../../components/errorText';
import { download, readAsBase64 } from '../../components/files';
import { fieldErrorText } from '../../components/fieldErrorText';
import { LogTable } from '../../components/LogTable';
import { PRODUCT_LABELS } from '../../components/ProductForm';
import { useT } from '../../i18n';
import { useStores } from '../../stores';

type Say = (text: string, error: boolean) => void;

/** An import's wrong lines: line, the column as the export names it, and the problem in the operator's language. */
export function ImportErrors({ errors }: { errors: readonly ProductImportError[] }) {
  const t = useT();
  return (
    <LogTable
      testId="products-import-errors"
      caption={t('products.importErrors', { count: new Set(errors.map((e) => e.line)).size })}
      headers={[t('products.error.line'), t('products.error.column'), t('products.error.problem')]}
    >
      {errors.map((e) => (
        <tr key={`${e.line}-${e.field}`} data-testid={`products-import-error-${e.line}-${e.field}`}>
          <td className="num">{e.line}</td>
          <td>{e.field ? t(PRODUCT_LABELS[e.field as keyof typeof PRODUCT_LABELS]) : '—'}</td>
          <td>{fieldErrorText(t, e)}</td>
        </tr>
      ))}
    </LogTable>
  );
}

/** The import field and the export button of the page's toolbar; `onImported` gets the file's wrong lines. */
export function ProductFileActions({
  onMessage,
  onImported,
}: {
  onMessage: Say;
  onImported(errors: ProductImportError[]): void;
}) {
  const t = useT();
  const { api } = useStores();
  const importFile = async (file: File) => {
    const result = await api.call('products.import', { base64: await readAsBase64(file), fileName: file.name });
    if (!result.ok) {
      onMessage(errorText(t, result.error), true);
      return;
    }
    const { added, updated, unchanged, errors } = result.value;
    const wrong = new Set(errors.map((e) => e.line)).size;
    onMessage(t('products.imported', { added, updated, unchanged, wrong }), wrong > 0);
    onImported(errors);
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
    <>
      <div className="field">
        <FilePicker
          id="products-import"
          label={t('products.import')}
          accept=".csv,.txt,.xlsx,text/csv"
          onFile={(file) => void importFile(file)}
        />
      </div>
      <button type="button" data-testid="products-export" onClick={() => void exportFile()}>
        {t('products.export')}
      </button>
    </>
  );
}
