// An .xlsx's ZIP directory read and judged before anything of it is inflated: a 1.2 MB file can hold
// gigabytes of sheet XML. What passes is handed to exceljs as a new ZIP of stored entries, each inflated here with its
// declared size as a hard bound (a directory that lies is caught in the act), and images left empty: no label needs
// them and exceljs would read every one into memory.
import { inflateRawSync } from 'node:zlib';
import type { XlsxLimits } from './fileLimits';
import { ORDER_FILE_MESSAGES, OrderFileError } from './orderFileError';

interface Entry {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  localOffset: number;
  /** General-purpose flag bit 11: the name is UTF-8 (else the old DOS code page); kept as the file had it. */
  utf8: boolean;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;
const UTF8_NAME = 0x800;
/** ZIP64's marker in a 32-bit field: no order sheet needs it; Excel writes it only past 4 GB. */
const ZIP64 = 0xffffffff;
const MEDIA = /^\/?xl\/media\//;

const damaged = () => new OrderFileError('damaged', ORDER_FILE_MESSAGES.damaged);

/** The .xlsx as exceljs may read it, or a refusal that names what is wrong; throws OrderFileError. */
export function checkedXlsx(bytes: Uint8Array, limits: XlsxLimits): Uint8Array {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = centralDirectory(zip, limits);
  judge(entries, limits);
  return storedZip(
    entries.map((entry) => ({
      entry,
      data: MEDIA.test(entry.name.toString('latin1')) ? Buffer.alloc(0) : inflated(zip, entry),
    })),
  );
}

function centralDirectory(zip: Buffer, limits: XlsxLimits): Entry[] {
  const end = findEnd(zip);
  if (end < 0) throw damaged();
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === ZIP64 || offset === ZIP64) throw tooBig(ORDER_FILE_MESSAGES.zip64);
  if (count > limits.maxEntries) throw tooBig(ORDER_FILE_MESSAGES.xlsxEntries(count, limits.maxEntries));
  if (offset + size > end) throw damaged();
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw damaged();
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      name: zip.subarray(at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      utf8: (zip.readUInt16LE(at + 8) & UTF8_NAME) !== 0,
    };
    const flags = zip.readUInt16LE(at + 8);
    if (flags & ENCRYPTED || (entry.method !== STORED && entry.method !== DEFLATED)) throw damaged();
    if (entry.size === ZIP64 || entry.compressed === ZIP64 || entry.localOffset === ZIP64) {
      throw tooBig(ORDER_FILE_MESSAGES.zip64);
    }
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The end-of-directory record: the last one in the file's final 64 kB (its comment may follow it). */
function findEnd(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

/**
 * Sizes as the directory declares them; the declared size then bounds each inflation, so a lie stops there. The
 * ratio counts for big entries only: a small XML part of repeated tags may well shrink a hundredfold.
 */
function judge(entries: readonly Entry[], limits: XlsxLimits): void {
  let total = 0;
  for (const entry of entries) {
    const name = entry.name.toString('utf8');
    if (MEDIA.test(name)) continue;
    if (entry.size > limits.maxEntryBytes) {
      throw tooBig(ORDER_FILE_MESSAGES.xlsxEntry(name, entry.size, limits.maxEntryBytes));
    }
    const ratio = entry.size / Math.max(1, entry.compressed);
    if (entry.size > limits.ratioFromBytes && ratio > limits.maxRatio) {
      throw tooBig(ORDER_FILE_MESSAGES.xlsxRatio(name, ratio, limits.maxRatio));
    }
    total += entry.size;
    if (total > limits.maxTotalBytes) throw tooBig(ORDER_FILE_MESSAGES.xlsxTotal(limits.maxTotalBytes));
  }
}

const tooBig = (message: string) => new OrderFileError('tooLarge', message);

function inflated(zip: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw damaged();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressed > zip.length) throw damaged();
  const data = zip.subarray(start, start + entry.compressed);
  if (entry.method === STORED) {
    if (entry.compressed !== entry.size) throw damaged();
    return data;
  }
  let out: Buffer;
  try {
    // One byte more than declared is allowed, so that a stream longer than its declared size is told apart.
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size + 1) });
  } catch {
    throw damaged();
  }
  if (out.length !== entry.size) throw damaged();
  return out;
}

/** A ZIP of stored entries (method 0), the original CRCs kept: exceljs's jszip has nothing left to inflate. */
function storedZip(parts: readonly { entry: Entry; data: Buffer }[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { entry, data } of parts) {
    const crc = data.length === entry.size ? entry.crc : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.utf8 ? UTF8_NAME : 0, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.utf8 ? UTF8_NAME : 0, 8);
    header.writeUInt16LE(STORED, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(offset, 42);
    chunks.push(local, entry.name, data);
    central.push(header, entry.name);
    offset += local.length + entry.name.length + data.length;
  }
  const centralSize = central.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}
