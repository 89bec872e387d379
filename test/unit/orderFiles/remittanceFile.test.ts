// A courier's remittance list as couriers write it (a semicolon CSV with decimal commas from an Italian Excel, in
// Windows-1252; an .xlsx with numbers and dates as cells) read into lines by waybill, amount in cents and day; a file
// without a waybill or amount column refused with why; and the COD report written as an Italian spreadsheet opens it.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readOrderTable } from '../../../src/orderFiles/readFile';
import { remittanceLines, writeCodReportCsv } from '../../../src/orderFiles/remittanceFile';
import type { CodReport } from '../../../src/shared/domain/cod';

const windows1252 = (text: string) => Uint8Array.from([...text].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));

async function linesOf(bytes: Uint8Array, name: string) {
  return remittanceLines(await readOrderTable(bytes, name, { kind: 'remittances' }));
}

describe('a remittance list', () => {
  it('reads a semicolon CSV with decimal commas, a title above the table and an amount with €', async () => {
    const csv = [
      'Distinta contrassegni n. 48;;;',
      'Data;Lettera di vettura;Destinatario;Importo',
      '27/11/2026;DM70-0001;Libreria Bianchi;1.234,50',
      '27/11/26;dm70-0002;Caffè Forlì;€ 42,00',
      ';;;',
      '28/11/2026;DM70-0003;Rossi;quaranta',
    ].join('\r\n');
    const read = await linesOf(windows1252(csv), 'distinta.csv');
    expect(read).toEqual({
      lines: [
        { line: 3, waybill: 'DM70-0001', amountCents: 123_450, date: '2026-11-27' },
        { line: 4, waybill: 'dm70-0002', amountCents: 4200, date: '2026-11-27' },
        { line: 6, waybill: 'DM70-0003', date: '2026-11-28' },
      ],
    });
  });

  it('reads an .xlsx with numbers and dates as cells, columns found by "LDV" and "Importo contrassegno"', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pagamenti');
    sheet.addRow(['LDV', 'Data pagamento', 'Importo contrassegno']);
    sheet.addRow(['DM70-0001', new Date(Date.UTC(2026, 10, 27)), 42.5]);
    sheet.addRow(['DM70-0002', new Date(Date.UTC(2026, 10, 28)), 0.1 + 0.2]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(await linesOf(bytes, 'pagamenti.xlsx')).toEqual({
      lines: [
        { line: 2, waybill: 'DM70-0001', amountCents: 4250, date: '2026-11-27' },
        { line: 3, waybill: 'DM70-0002', amountCents: 30, date: '2026-11-28' },
      ],
    });
  });

  it('refuses a file without a waybill column or without an amount column, saying which', async () => {
    const noWaybill = await linesOf(new TextEncoder().encode('Nome;Importo\nRossi;10,00\n'), 'x.csv');
    expect(noWaybill).toEqual({ error: expect.stringContaining('lettera di vettura') });
    const noAmount = await linesOf(new TextEncoder().encode('Spedizione;Nome\nDM70-1;Rossi\n'), 'x.csv');
    expect(noAmount).toEqual({ error: expect.stringContaining('importi') });
  });
});

describe('the COD report as CSV', () => {
  it('writes a BOM, Italian headers, semicolons and decimal commas, a formula-like name kept as text', () => {
    const report: CodReport = {
      filter: {},
      at: 0,
      termDays: 7,
      figures: {
        toCollect: { count: 0, cents: 0 },
        collected: { count: 1, cents: 123_450 },
        owed: { count: 1, cents: 23_450 },
        paid: { count: 0, cents: 100_000 },
        missing: { count: 0, cents: 0 },
        willNotCome: { count: 0, cents: 0 },
      },
      parcels: [
        {
          shipmentId: 1,
          waybill: 'DM70-0001',
          ddtAlpha: 'ORD-1',
          courier: 70,
          courierName: 'Demo Express',
          recipient: '=Rossi; Bianchi',
          amountCents: 123_450,
          paidCents: 100_000,
          state: 'collected',
          deliveredAt: 1,
          dueAt: 2,
          words: 'CONSEGNATO',
        },
      ],
    };
    const csv = writeCodReportCsv(report, (ms) => `day${ms}`);
    expect(csv.startsWith('\uFEFFN. spedizione;Riferimento;Corriere;Destinatario;Stato;')).toBe(true);
    const line = 'DM70-0001;ORD-1;Demo Express;"\'=Rossi; Bianchi";Incassato dal corriere;day1;day2;';
    expect(csv).toContain(`${line}1234,50;1000,00;234,50;CONSEGNATO`);
  });
});
