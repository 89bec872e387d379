// Cash on delivery after departure, as the station asks for it: the report per courier and period (its figures and
// the parcels behind them, on screen and as PDF), a courier's payment typed at the bench, and its remittance list
// previewed and saved.
import type { CodFilter, CodReport, RemittanceLine, RemittancePreview } from '../../shared/domain/cod';
import { COD_TERM_DAYS } from '../../shared/domain/cod';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { codParcelsRepo, figuresOf, inPeriod } from './parcels';
import { codPayments, type PaymentOutcome, type RemittanceFile, type TypedPayment } from './payments';

export type { PaymentOutcome, RemittanceFile, TypedPayment } from './payments';

export interface CodPort {
  /** The caller's COD parcels of the filter's courier and period, with the figures, as of now. */
  report(caller: Caller, filter: CodFilter): CodReport;
  /** The same report as an A4 PDF. */
  reportPdf(caller: Caller, filter: CodFilter): Promise<Uint8Array>;
  record(caller: Caller, payment: TypedPayment): PaymentOutcome;
  preview(caller: Caller, courier: number, lines: readonly RemittanceLine[], fileHash: string): RemittancePreview;
  importFile(caller: Caller, file: RemittanceFile): PaymentOutcome;
}

export function codPort(ctx: EngineContext): CodPort {
  const parcels = codParcelsRepo(ctx.db, ctx.couriers);
  const now = () => ctx.clock.now().getTime();
  const payments = codPayments(ctx.db, parcels, now);
  const report = (caller: Caller, filter: CodFilter): CodReport => {
    const at = now();
    const rows = parcels.of(caller, filter.courier, at).filter((p) => inPeriod(p, filter));
    const listed = rows.map(({ createdDay: _day, ...parcel }) => parcel);
    return { filter, at, termDays: COD_TERM_DAYS, figures: figuresOf(listed), parcels: listed };
  };
  return {
    report,
    reportPdf(caller, filter) {
      const courier = filter.courier === undefined ? undefined : ctx.couriers.get(filter.courier)?.name;
      // The PDF library loads when a report is first printed, never as the engine starts (labels/lazy.ts's rule).
      return import('./reportPdf').then(({ renderCodReportPdf }) =>
        renderCodReportPdf(ctx.resources, report(caller, filter), courier ?? filter.courier?.toString()),
      );
    },
    record: (caller, payment) => payments.record(caller, payment),
    preview: (caller, courier, lines, fileHash) => payments.preview(caller, courier, lines, fileHash),
    importFile: (caller, file) => payments.importFile(caller, file),
  };
}
