// Types a parcel's goods lines into the new-shipment form's "Merce" table, as the operator does: the first row is
// there, each further one added with the table's button.
import type { Page } from 'playwright-core';

export async function typeGoodsLines(page: Page, lines: readonly Record<string, string>[]): Promise<void> {
  for (const [index, cells] of lines.entries()) {
    if ((await page.getByTestId(`line-row-${index}`).count()) === 0) await page.getByTestId('line-add').click();
    for (const [field, value] of Object.entries(cells))
      await page.getByTestId(`field-dettagli_ordine.${index}.${field}`).fill(value);
  }
}
