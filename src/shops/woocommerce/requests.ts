// The requests the WooCommerce client makes of a site: a page of orders by modification time, and where the next
// page starts; the order states a fulfilment must leave alone.
export const PER_PAGE = 50;
/** Orders the shop closed otherwise: a fulfilment must not complete them. */
export const CLOSED = new Set(['cancelled', 'refunded', 'failed', 'trash']);

/** Where a read goes on: the modification time it reads after, and the page within it. */
export function cursorOf(cursor: string | null, watermark: string): { after: string; page: number } {
  if (cursor) {
    try {
      const parsed = JSON.parse(cursor) as { after?: unknown; page?: unknown };
      if (typeof parsed.after === 'string' && typeof parsed.page === 'number')
        return { after: parsed.after, page: parsed.page };
    } catch {
      // Not ours: read again from the watermark.
    }
  }
  return { after: watermark, page: 1 };
}

/** WooCommerce's GMT times have no zone: read as UTC. */
export const gmt = (time: string) => (time && !/[zZ]|[+-]\d\d:?\d\d$/.test(time) ? `${time}Z` : time);
