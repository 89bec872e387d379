// The orders' commands, part of the one command table (commands.ts spreads them in): order files imported through a
// preview, orders waiting found by a scanned reference, the watched folder and the shop's words for cash on delivery.
import { z } from 'zod';
import { FieldIssueSchema } from '../api/fieldIssues';
import { ColumnMappingSchema, OrderFieldSchema } from '../domain/orderColumns';
import { WaitingOrderSchema } from '../domain/orders';

const id = z.number().int().positive();
/**
 * The biggest order file a bench can be set to read, in MB (1 MB = 1,048,576 bytes; 20 by default): the preview
 * carries the file as base64, a third bigger, and the screens' commands have a size limit of their own.
 */
export const MAX_ORDER_FILE_MB = 28;
/** An order file as the screen read it (base64): 10,000 orders of a shop export fit well within it. */
export const MAX_FILE_BASE64 = Math.ceil((MAX_ORDER_FILE_MB * 1024 * 1024 * 4) / 3) + 4;

/** A row the import would not keep, with what the operator sees of it: the mapped cells and each cell's issue. */
export const ImportProblemSchema = z.object({
  line: z.number().int(),
  orderRef: z.string(),
  cells: z.record(z.string(), z.string()),
  /** Order field (or a form field no column maps to) → its issue. */
  errors: z.record(z.string(), FieldIssueSchema),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

const PreviewRowSchema = z.object({
  line: z.number().int(),
  orderRef: z.string(),
  cells: z.record(z.string(), z.string()),
});

export const ImportPreviewSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string(),
  /** Rows with bytes the UTF-8 file does not read (shown as U+FFFD): their fields are to be fixed. */
  damagedLines: z.array(z.number().int()),
  headers: z.array(z.string()),
  mapping: ColumnMappingSchema,
  /** The mapping was the one remembered for this file layout. */
  remembered: z.boolean(),
  clientId: z.number().int(),
  rows: z.number().int(),
  orders: z.number().int(),
  valid: z.number().int(),
  /** The first valid orders, as they will be kept. */
  sample: z.array(PreviewRowSchema),
  /** Every problem row, up to a limit (`problemCount` says how many there are in all). */
  problems: z.array(ImportProblemSchema),
  /**
   * Rows corrected in the preview that now pass, as they will be kept (up to the same limit): the row the operator is
   * correcting stays in the grid until they leave it, though it no longer has a problem.
   */
  corrected: z.array(PreviewRowSchema),
  problemCount: z.number().int(),
  /** The orders paid on delivery, with the amount to collect (decimal text), up to a limit (`codCount`: all). */
  cod: z.array(PreviewRowSchema.extend({ amount: z.string() })),
  codCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** What importing a previewed file did. */
const ImportResultSchema = z.object({
  added: z.number().int(),
  /** Orders already waiting that the file corrected. */
  updated: z.number().int(),
  /** Already there: waiting unchanged, or shipped (left as they were). */
  duplicates: z.number().int(),
  invalid: z.number().int(),
  /** What the file did to orders already here, a line each in Italian (the first 20), as the folder's log. */
  notes: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const FolderImportSchema = z.object({
  at: z.number(),
  file: z.string(),
  added: z.number().int(),
  /** Orders already waiting that the file corrected (absent in older log entries). */
  updated: z.number().int().optional(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  /** The rows not kept, a line each with their reasons (the first 20). */
  rejected: z.array(z.string()).optional(),
  /** What the file did to orders already there (corrected with the fields named, unchanged, shipped), in Italian. */
  notes: z.array(z.string()).optional(),
  /** Why the file was not imported (an unreadable file, columns not recognised), in Italian. */
  error: z.string().optional(),
});

export const ORDER_COMMANDS = {
  /** Reads an order file and checks every row; nothing is kept until `orders.import`. */
  'orders.preview': {
    input: z.object({
      fileName: z.string().min(1).max(255),
      base64: z.string().max(MAX_FILE_BASE64),
      clientId: id.optional(),
    }),
    output: ImportPreviewSchema,
  },
  /** The same file checked again with another column mapping or default client. */
  'orders.remap': {
    input: z.object({ importId: z.string(), mapping: ColumnMappingSchema, clientId: id.optional() }),
    output: ImportPreviewSchema,
  },
  /** A cell corrected in the preview (the file itself is not changed). */
  'orders.fix': {
    input: z.object({
      importId: z.string(),
      line: z.number().int().nonnegative(),
      field: OrderFieldSchema,
      value: z.string().max(500),
    }),
    output: ImportPreviewSchema,
  },
  /** Keeps the valid orders of the preview as orders waiting (progress as `orders.progress` events). */
  'orders.import': {
    input: z.object({ importId: z.string() }),
    output: ImportResultSchema,
  },
  'orders.cancelImport': { input: z.object({ importId: z.string() }), output: z.object({}) },
  'orders.list': {
    input: z.object({
      state: z.enum(['waiting', 'shipped']).default('waiting'),
      search: z.string().max(100).default(''),
      limit: z.number().int().min(1).max(500).default(100),
      offset: z.number().int().nonnegative().default(0),
    }),
    output: z.object({ total: z.number().int(), rows: z.array(WaitingOrderSchema) }),
  },
  /** The order a scanned (or typed) reference names; null when there is none. */
  'orders.find': {
    input: z.object({ reference: z.string().min(1).max(200) }),
    output: z.object({ order: WaitingOrderSchema.nullable() }),
  },
  'orders.remove': { input: z.object({ id }), output: z.object({}) },
  /** The folder watched for order files (empty: none) and what it imported lately. */
  'orders.folder': {
    input: z.object({
      folder: z.string().max(1000).optional(),
      /** The biggest order file this bench reads (MB), in the folder and the preview alike; given: saved. */
      maxFileMb: z.number().min(1).max(MAX_ORDER_FILE_MB).optional(),
    }),
    output: z.object({ folder: z.string(), maxFileMb: z.number(), log: z.array(FolderImportSchema) }),
  },
  /**
   * The shop's own words for cash on delivery in its payment column, beside the built-in ones; `words` given: saved.
   * Prepaid methods are listed so the screen can say which payments are read as paid.
   */
  'orders.codWords': {
    input: z.object({ words: z.array(z.string().max(100)).max(50).optional() }),
    output: z.object({ words: z.array(z.string()), defaults: z.array(z.string()), prepaid: z.array(z.string()) }),
  },
} as const;

export const ORDER_EVENTS = {
  /** Reading, checking or keeping an order file: `done` of `total` rows. */
  'orders.progress': z.object({
    importId: z.string(),
    phase: z.enum(['check', 'import']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  /** Orders were added, shipped or removed (the list refreshes). */
  'orders.changed': z.object({}),
} as const;
