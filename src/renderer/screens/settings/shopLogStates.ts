// How a shop's log says where each thing the bench owes the shop stands (a fulfilment, a parcel state): the words and
// the badge of pending, sent and given up, one table for both lists of ShopLogDialog.
import type { ShopLogEntry } from '../../../shared/ipc/shopCommands';
import type { MessageKey } from '../../i18n';

export const STATE_TEXT: Record<ShopLogEntry['state'], MessageKey> = {
  pending: 'shops.state.pending',
  sent: 'shops.state.sent',
  failed: 'shops.state.failed',
};
export const STATE_BADGE: Record<ShopLogEntry['state'], string> = { pending: 'waiting', sent: 'ok', failed: 'error' };
