// The product list's commands, part of the one command table (commands.ts spreads them in): listed with a
// search, saved one at a time (field errors by code), removed, imported from and exported to the shop's spreadsheet,
// and looked up by the SKUs an order names.
import { z } from 'zod';
import { FieldIssueSchema } from '../api/fieldIssues';
import { MAX_FILE_BASE64 } from './orderCommands';
import { PRODUCT_DESCRIPTION_MAX, ProductSchema, SKU_MAX } from '../domain/products';

/**
 * A product list file (base64 of its bytes, or its text), as big as an order file may be: the station, not this
 * bound, refuses a file over a product list's size (orderFiles/fileLimits.ts), with a message that says so.
 */
const MAX_FILE_CHARS = MAX_FILE_BASE64;

/** A line of an imported file that was not kept: where (line, column as the export names it) and why. */
export const ProductImportErrorSchema = FieldIssueSchema.extend({
  line: z.number().int(),
  column: z.string(),
  /** The product field ('' for the file as a whole). */
  field: z.string(),
});
export type ProductImportError = z.infer<typeof ProductImportErrorSchema>;

const ProductInputSchema = ProductSchema.extend({
  sku: z.string().max(SKU_MAX * 2),
  description: z.string().max(PRODUCT_DESCRIPTION_MAX * 2),
  hs_code: z.string().max(40),
  origin: z.string().max(10),
  currency: z.string().max(10),
});

export const PRODUCT_COMMANDS = {
  'products.list': {
    input: z.object({
      search: z.string().max(100).default(''),
      limit: z.number().int().min(1).max(1000).default(200),
      offset: z.number().int().nonnegative().default(0),
    }),
    output: z.object({ total: z.number().int(), rows: z.array(ProductSchema) }),
  },
  /** Checks and keeps one product (a SKU already kept is replaced): refused with field errors by code. */
  'products.save': {
    input: z.object({ product: ProductInputSchema }),
    output: z.object({ product: ProductSchema }),
  },
  'products.delete': {
    input: z.object({
      sku: z
        .string()
        .min(1)
        .max(SKU_MAX * 2),
    }),
    output: z.object({ deleted: z.boolean() }),
  },
  /**
   * A product list file (CSV as a spreadsheet writes it, or .xlsx): the good lines are kept, the wrong ones listed
   * by line and column and left out; a SKU already kept is updated.
   */
  'products.import': {
    input: z
      .object({
        text: z.string().max(MAX_FILE_CHARS).default(''),
        base64: z.string().max(MAX_FILE_CHARS).default(''),
        /** As the operator picked it: a file called .xlsx that is not one is said to be damaged. */
        fileName: z.string().min(1).max(255).default('prodotti.csv'),
      })
      .refine((v) => v.text !== '' || v.base64 !== '', { message: 'text or base64' }),
    output: z.object({
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      errors: z.array(ProductImportErrorSchema),
    }),
  },
  /** The whole list as CSV (Italian headers, `;`, decimal commas), with the file name to save it under. */
  'products.export': {
    input: z.object({}),
    output: z.object({ fileName: z.string(), text: z.string(), count: z.number().int() }),
  },
  /** The products these SKUs name (any case, spaces trimmed), in the order asked; SKUs the list lacks are left out. */
  'products.lookup': {
    input: z.object({ skus: z.array(z.string().max(SKU_MAX * 2)).max(500) }),
    output: z.object({ products: z.array(ProductSchema) }),
  },
} as const;
