// What a zip (a DOCX) declares about itself, read from its central directory before anything is
// decompressed (a zip bomb fails the job, not the server).

export interface ZipLimits {
  /** Most entries a document may hold (default 5,000; a long DOCX with images has a few hundred). */
  maxEntries: number;
  /** Most bytes its entries may declare uncompressed, together (default 256 MiB). */
  maxUncompressedBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 5000, maxUncompressedBytes: 256 * 1024 * 1024 };

export type ZipCheck =
  | { ok: true; entries: number; uncompressedBytes: number }
  | { ok: false; reason: string };

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const MiB = 1024 * 1024;

const broken: ZipCheck = {
  ok: false,
  reason: "The file is not a valid Word document (its zip directory is damaged)",
};

/** The 64-bit little-endian number at `offset`, as a number (exact up to 2^53). */
const uint64 = (view: DataView, offset: number) =>
  view.getUint32(offset, true) + view.getUint32(offset + 4, true) * 2 ** 32;

/**
 * Reads the end of central directory record (ZIP64 where the zip uses it), then every central
 * directory entry, adding up the uncompressed sizes they declare (ZIP64 extra fields included).
 * Fails with a reason a person can read when the zip is damaged or goes over the limits.
 */
export function checkZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.byteLength;
  if (length < 22) return broken;
  // The record is 22 bytes plus a comment of at most 65,535, at the very end.
  let eocd = -1;
  for (let at = length - 22; at >= Math.max(0, length - 22 - 65535); at -= 1) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return broken;
  let entries = view.getUint16(eocd + 10, true);
  let directorySize = view.getUint32(eocd + 12, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_EOCD_LOCATOR) return broken;
    const record = uint64(view, locator + 8);
    if (record + 56 > length || view.getUint32(record, true) !== ZIP64_EOCD) return broken;
    entries = uint64(view, record + 32);
    directorySize = uint64(view, record + 40);
    directoryOffset = uint64(view, record + 48);
  }
  if (entries > limits.maxEntries) {
    return {
      ok: false,
      reason: `The document holds ${entries} files inside, more than the ${limits.maxEntries} allowed`,
    };
  }
  if (directoryOffset + directorySize > length) return broken;

  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > length || view.getUint32(at, true) !== CENTRAL_ENTRY) return broken;
    let size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (size === 0xffffffff) {
      // The ZIP64 extra field (id 1) holds the real size first when the 32-bit one is 0xffffffff.
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      size = Number.NaN;
      while (extra + 4 <= extraEnd && extraEnd <= length) {
        const id = view.getUint16(extra, true);
        const fieldLength = view.getUint16(extra + 2, true);
        if (id === 1 && fieldLength >= 8) {
          size = uint64(view, extra + 4);
          break;
        }
        extra += 4 + fieldLength;
      }
      if (Number.isNaN(size)) return broken;
    }
    total += size;
    if (total > limits.maxUncompressedBytes) {
      return {
        ok: false,
        reason: `The document would unpack to more than ${Math.round(limits.maxUncompressedBytes / MiB)} MiB (a zip bomb?), so it was not opened`,
      };
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries, uncompressedBytes: total };
}
