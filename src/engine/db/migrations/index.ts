// The ordered list of migrations; a new one is appended here with the next number.
import type { Migration } from '../migration';
import { migration0001 } from './0001-initial-schema';
import { migration0002 } from './0002-outbox-and-sync';
import { migration0003 } from './0003-print-jobs';
import { migration0004 } from './0004-shipment-search';
import { migration0005 } from './0005-unkeyed-users';
import { migration0006 } from './0006-print-job-claims';
import { migration0007 } from './0007-outbox-row-version';
import { migration0008 } from './0008-mail-outbox';
import { migration0009 } from './0009-partner-events';
import { migration0010 } from './0010-invoiced-clients';
import { migration0011 } from './0011-orders-waiting';
import { migration0012 } from './0012-order-state-from-shipment';
import { migration0013 } from './0013-shipment-amended-at';
import { migration0014 } from './0014-trade-documents';
import { migration0015 } from './0015-products';
import { migration0016 } from './0016-print-job-invoices';
import { migration0017 } from './0017-print-job-cn23';
import { migration0018 } from './0018-shop-connections';
import { migration0019 } from './0019-parcel-tracking';
import { migration0020 } from './0020-parcel-notices';
import { migration0021 } from './0021-parcel-actions';
import { migration0022 } from './0022-cod-payments';
import { migration0023 } from './0023-shop-platform-prestashop';
import { migration0024 } from './0024-shop-error-codes';
import { migration0025 } from './0025-batches';
import { migration0026 } from './0026-box-presets';
import { migration0027 } from './0027-item-codes-and-packing';
import { migration0028 } from './0028-shipping-rules';
import { migration0029 } from './0029-pickups';
import { migration0030 } from './0030-order-queue';
import { migration0031 } from './0031-shared-queue';
import { migration0032 } from './0032-invoice-number-index';
import { migration0033 } from './0033-hub-shipments-followed';
import { migration0034 } from './0034-label-prints-asked';
import { migration0035 } from './0035-shipments-by-day';
import { migration0036 } from './0036-partial-expression-indexes';

export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
  migration0023,
  migration0024,
  migration0025,
  migration0026,
  migration0027,
  migration0028,
  migration0029,
  migration0030,
  migration0031,
  migration0032,
  migration0033,
  migration0034,
  migration0035,
  migration0036,
];
