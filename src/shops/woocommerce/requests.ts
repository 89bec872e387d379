// The requests the WooCommerce client makes of a site: a page of orders by modification time, and where the next
// page starts (in the trash first, on a later read); the order states a fulfilment must leave alone.
export const PER_PAGE = 50;
/**
 * The connect check's filter: by modification time, after a time no order can have. Every WooCommerce the bench reads
 * (5.8 and later) answers it with no order.
 */
export const NEVER_MODIFIED = {
  orderby: 'modified',
  modified_after: '2100-01-01T00:00:00',
  dates_are_gmt: 'true',
} as const;

/** Orders the shop closed otherwise: a fulfilment must not complete them. */
export const CLOSED = new Set(['cancelled', 'refunded', 'failed', 'trash']);

/** Where a read goes on: the modification time it reads after, the page within it, and whether in the trash. */
export interface Cursor {
  after: string;
  page: number;
  /**
   * WooCommerce's `status=any` is every status but the trash (its status enum lists `trash` apart, and `any` ends
   * the list it is in), so a later read asks for the orders moved to the trash since the watermark first.
   */
  trash: boolean;
}

export function cursorOf(cursor: string | null, watermark: string): Cursor {
  if (cursor) {
    try {
      const parsed = JSON.parse(cursor) as { after?: unknown; page?: unknown; trash?: unknown };
      if (typeof parsed.after === 'string' && typeof parsed.page === 'number')
        return { after: parsed.after, page: parsed.page, trash: parsed.trash === true };
    } catch {
      // Not ours: read again from the watermark.
    }
  }
  return { after: watermark, page: 1, trash: watermark !== '' };
}

/** WooCommerce's GMT times have no zone: read as UTC. */
export const gmt = (time: string) => (time && !/[zZ]|[+-]\d\d:?\d\d$/.test(time) ? `${time}Z` : time);
