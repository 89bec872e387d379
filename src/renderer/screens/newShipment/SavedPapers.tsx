// The saved shipment's customs papers when they did not print (no A4 printer, a copy the printer refused, auto-print
// off): in red on the saved panel, with the invoice's number and what to do, so the pouch never leaves without them.
import { papersUnprinted, type CustomsPapers } from '../../../shared/domain/customsPapers';
import { papersText } from '../../components/papersText';
import { SettingsLink } from '../../components/SettingsLink';
import { useT } from '../../i18n';

export function SavedPapers({ papers }: { papers: CustomsPapers | undefined }) {
  const t = useT();
  if (!papers || !papersUnprinted(papers)) return null;
  return (
    <p className="banner banner--error" data-testid="saved-papers" role="alert">
      {papersText(t, papers)}{' '}
      {papers.state === 'manual' ? null : <SettingsLink page="printers" testId="saved-papers-settings" />}
    </p>
  );
}
