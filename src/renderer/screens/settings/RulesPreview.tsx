// The rules as edited (saved or not) run over every order waiting: how many each rule takes, how many go to the
// cheapest or are held, and the newest orders with what each would get and why.
import type { CommandOutput } from '../../../shared/ipc/commands';
import { chosenText, passedTexts } from '../../components/ruleText';
import { useI18n } from '../../i18n';

export type Preview = CommandOutput<'rules.preview'>;

export function RulesPreview({ preview }: { preview: Preview }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <section className="rules-preview" data-testid="rules-preview" aria-label={t('rules.preview.title')}>
      <p data-testid="rules-preview-summary" role="status">
        {/* Held for a person is said only when a rule holds some: "0 tenuti" is noise at every preview. */}
        {t(preview.held > 0 ? 'rules.preview.summary' : 'rules.preview.summary.noneHeld', {
          total: t('rules.preview.total', { count: preview.total }),
          cheapest: preview.cheapest,
          held: t('rules.preview.held', { count: preview.held }),
          byRule: preview.byRule.map((n, i) => t('rules.preview.byRule', { n: i + 1, count: n })).join(', ') || '—',
        })}
      </p>
      {preview.rows.length > 0 ? (
        <div className="table-scroll">
          <table className="table" data-testid="rules-preview-table">
            <thead>
              <tr>
                <th scope="col">{t('rules.preview.col.order')}</th>
                <th scope="col">{t('rules.preview.col.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.id} data-testid={`rules-preview-${row.orderRef}`}>
                  <td>{row.orderRef}</td>
                  <td>
                    {chosenText(i18n, row.outcome)}
                    {passedTexts(i18n, row.outcome).map((text) => (
                      <div key={text} className="muted">
                        {text}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
