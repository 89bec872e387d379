// The report's figures as buttons: each shows its money and how many parcels; pressing one shows only its parcels
// below (pressing it again shows them all).
import type { CodFigureName, CodFigures as Figures } from '../../../shared/domain/cod';
import { useI18n } from '../../i18n';

const FIGURES: readonly CodFigureName[] = ['toCollect', 'collected', 'owed', 'paid', 'missing', 'willNotCome'];

export function CodFigures({
  figures,
  chosen,
  onChoose,
}: {
  figures: Figures;
  chosen: CodFigureName | undefined;
  onChoose(figure: CodFigureName | undefined): void;
}) {
  const { t, money } = useI18n();
  return (
    <div className="cod-figures" data-testid="cod-figures">
      {FIGURES.map((name) => (
        <button
          key={name}
          type="button"
          className={`cod-figure cod-figure--${name}`}
          data-testid={`cod-figure-${name}`}
          aria-pressed={chosen === name}
          onClick={() => onChoose(chosen === name ? undefined : name)}
        >
          <span className="cod-figure__name">{t(`cod.figure.${name}`)}</span>
          <span className="cod-figure__money">{money(figures[name].cents / 100)}</span>
          <span className="cod-figure__count">{t('cod.parcels', { count: figures[name].count })}</span>
        </button>
      ))}
    </div>
  );
}
