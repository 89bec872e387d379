// The request fields a courier's own rules speak of, named as the shipment form labels them (in Italian, as the
// service's texts are): a refusal says "Ragione sociale / nome troppo lungo", never "Campo rcpt_name troppo lungo".
// The screens have the same labels in each language (renderer/i18n, field.*).
const LABELS: Readonly<Record<string, string>> = {
  ddt_alpha: 'Riferimento ordine',
  order_ref: 'Riferimento ordine',
  client_id: 'Cliente',
  colli: 'Colli',
  peso: 'Peso',
  contrassegno: 'Contrassegno',
  rcpt_name: 'Ragione sociale / nome',
  rcpt_contact: 'Referente',
  rcpt_addr: 'Indirizzo',
  rcpt_addr2: 'Indirizzo, seconda riga',
  rcpt_cap: 'CAP',
  rcpt_city: 'Città',
  rcpt_prov: 'Provincia',
  rcpt_phone: 'Telefono',
  rcpt_email: 'E-mail',
  merce: 'Merce',
  note: 'Note',
  note_sender: 'Note del mittente',
  sender_name: 'Nome del mittente',
  sender_addr: 'Indirizzo del mittente',
  valore_doganale: 'Valore doganale',
  invoice_number: 'Numero fattura',
  invoice_date: 'Data fattura',
  sender_eori: 'EORI del mittente',
};

/** The field as the form labels it; a field without a label keeps its name. */
export const fieldLabel = (field: string): string => LABELS[field] ?? field;
