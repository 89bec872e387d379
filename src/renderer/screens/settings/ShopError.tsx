// A connected shop's failure where Settings shows it (a connection's last read, a fulfilment, a parcel state): the
// cause in the operator's language by its code, the shop's own words under "dettagli" for whoever helps; a failure
// kept with no code (the bench's own words, a row from before the codes) is shown as its words say it.
import type { ShopFailureCode } from '../../../shared/api/shopFailures';
import { shopFailureText } from '../../components/shopFailureText';
import { useT } from '../../i18n';

export function ShopError({
  testId,
  platform,
  code,
  detail,
  text,
}: {
  testId?: string;
  platform: string;
  code: ShopFailureCode | '';
  detail: string;
  text: string;
}) {
  const t = useT();
  if (!code)
    return (
      <div className="field__error" data-testid={testId}>
        {text}
      </div>
    );
  return (
    <div className="field__error shop-error" data-testid={testId} data-code={code}>
      {shopFailureText(t, code, platform, detail)}
      {text ? (
        <details className="shop-error__details">
          <summary>{t('shopFailure.details')}</summary>
          <span className="mono">{text}</span>
        </details>
      ) : null}
    </div>
  );
}

/** A log entry's failure (a fulfilment's, a parcel state's), while it is not sent. */
export function EntryError({
  testId,
  platform,
  entry,
}: {
  testId: string;
  platform: string;
  entry: { state: string; error: string; errorCode: ShopFailureCode | ''; errorDetail: string };
}) {
  if ((!entry.error && !entry.errorCode) || entry.state === 'sent') return null;
  const { error, errorCode, errorDetail } = entry;
  return <ShopError testId={testId} platform={platform} code={errorCode} detail={errorDetail} text={error} />;
}
