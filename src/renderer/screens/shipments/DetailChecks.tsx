// What an operator checks before handing a parcel over, beside the shipment's references: cash to collect (large, and
// how it may be paid), the recipient (a private person's name once), the services chosen in the form's words, goods,
// insurance, notes and, for a customs destination, its customs data. Only the facts that have a value are shown.
import { Fragment } from 'react';
import { effectiveCodType } from '../../../shared/domain/cashOnDelivery';
import { FLAG_FIELDS } from '../../../shared/domain/shipmentForm';
import { formats } from '../../../shared/format';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import { useI18n, type Translate } from '../../i18n';

type StoredRecord = ShipmentDetail['record'];

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value).trim();

/** A number as the record holds it (a remote may answer "12.50" for 12.5); 0 when it has none. */
const amount = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};

const flagOn = (value: unknown) => text(value).toUpperCase() === 'S' || amount(value) === 1;

/** The recipient's name, and the contact only when it is someone else (a private person is typed once). */
export function recipientName(record: StoredRecord): string {
  const name = text(record.rcpt_name);
  const contact = text(record.rcpt_contact);
  return contact === '' || contact.toLowerCase() === name.toLowerCase() ? name : `${name}, ${contact}`;
}

/** The services chosen, as the form names them, then what the form does not ask but a shop system may send. */
function services(t: Translate, record: StoredRecord): string[] {
  const chosen: string[] = FLAG_FIELDS.filter((field) => flagOn(record[field])).map((field) => t(`field.${field}`));
  if (flagOn(record.flag_reso)) chosen.push(t('detail.service.flag_reso'));
  if (flagOn(record.chi_paga)) chosen.push(t('detail.service.chi_paga'));
  if (flagOn(record.documenti)) chosen.push(t('detail.service.documenti'));
  if (flagOn(record.dropshipping)) chosen.push(t('detail.service.dropshipping'));
  return chosen;
}

function customsLines(
  t: Translate,
  { record, invoice }: Pick<ShipmentDetail, 'record' | 'invoice'>,
  money: (value: number) => string,
  date: (d: string) => string,
) {
  const lines: { key: string; text: string }[] = [];
  const value = amount(record.valore_doganale);
  if (value > 0) lines.push({ key: 'value', text: `${t('field.valore_doganale')}: ${money(value)}` });
  const number = invoice.number.trim();
  const day = invoice.date.trim();
  if (number && day) lines.push({ key: 'invoice', text: t('detail.invoice', { number, date: date(day) }) });
  else if (number) lines.push({ key: 'invoice', text: `${t('field.invoice_number')}: ${number}` });
  else if (day) lines.push({ key: 'invoice', text: `${t('field.invoice_date')}: ${date(day)}` });
  const duties = amount(record.addebito_dogana);
  if (duties === 1 || duties === 2) lines.push({ key: 'duties', text: t(`detail.duties.${duties}`) });
  const eori = { sender_eori: t('field.sender_eori'), rcpt_eori: t('detail.rcpt_eori') };
  for (const [field, label] of Object.entries(eori)) {
    if (text(record[field])) lines.push({ key: field, text: `${label}: ${text(record[field])}` });
  }
  return lines;
}

export function DetailChecks({ detail }: { detail: ShipmentDetail }) {
  const { record } = detail;
  const { t, language } = useI18n();
  const format = formats(language);
  const currency = /^[A-Z]{3}$/.test(text(record.valuta)) ? text(record.valuta) : 'EUR';
  const money = (value: number) => format.money(value, currency);
  const cod = amount(record.contrassegno);
  const chosen = services(t, record);
  const goods = text(record.merce);
  const origin = text(record.origine);
  const insured = amount(record.valore);
  const notes = (['note', 'note_2', 'note_sender'] as const).filter((field) => text(record[field]) !== '');
  const customs = customsLines(t, detail, money, (day) => format.date(day) ?? day);
  const city = [text(record.rcpt_cap), text(record.rcpt_city), text(record.rcpt_prov) && `(${text(record.rcpt_prov)})`]
    .filter(Boolean)
    .join(' ');
  const reach = [text(record.rcpt_phone), text(record.rcpt_email)].filter(Boolean).join(' · ');
  return (
    <div className="detail__checks" data-testid="detail-checks">
      {cod > 0 ? (
        <p className="detail__cod" data-testid="detail-cod-box">
          <span>{t('field.contrassegno')}</span> <strong data-testid="detail-cod">{money(cod)}</strong>{' '}
          <span data-testid="detail-cod-kind">{t(`cod.type.${effectiveCodType(amount(record.tipo_incasso))}`)}</span>
        </p>
      ) : null}
      <dl className="facts">
        <dt>{t('group.recipient')}</dt>
        <dd data-testid="detail-recipient">
          <span data-testid="detail-recipient-name">{recipientName(record)}</span>
          <br />
          {text(record.rcpt_addr)}
          <br />
          {text(record.rcpt_addr2) ? (
            <>
              <span data-testid="detail-recipient-addr2">{text(record.rcpt_addr2)}</span>
              <br />
            </>
          ) : null}
          {city} {text(record.rcpt_country_code)}
          {reach ? (
            <>
              <br />
              {reach}
            </>
          ) : null}
        </dd>
        {chosen.length > 0 ? (
          <>
            <dt>{t('group.flags')}</dt>
            <dd data-testid="detail-services">{chosen.join(' · ')}</dd>
          </>
        ) : null}
        {goods || origin ? (
          <>
            <dt>{t('field.merce')}</dt>
            <dd data-testid="detail-goods">
              {goods && origin ? t('detail.goodsOrigin', { goods, country: origin }) : goods || origin}
            </dd>
          </>
        ) : null}
        {insured > 0 ? (
          <>
            <dt>{t('field.valore')}</dt>
            <dd data-testid="detail-insurance">{money(insured)}</dd>
          </>
        ) : null}
        {notes.map((field) => (
          <Fragment key={field}>
            <dt>{t(`field.${field}`)}</dt>
            <dd className="wrap" data-testid={`detail-${field}`}>
              {text(record[field])}
            </dd>
          </Fragment>
        ))}
        {customs.length > 0 ? (
          <>
            <dt>{t('group.customs')}</dt>
            <dd data-testid="detail-customs">
              <ul className="plain">
                {customs.map((line) => (
                  <li key={line.key} data-testid={`detail-customs-${line.key}`}>
                    {line.text}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
