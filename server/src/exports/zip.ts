import { crc32, deflateRawSync } from 'node:zlib';

/** A file of a zip archive (an EPUB, a DOCX): deflated, or stored as is (already compressed photos, an EPUB's `mimetype`). */
export interface ZipEntry {
  name: string;
  data: Buffer | string;
  store?: boolean;
}

/** MS-DOS date and time, the zip format's (local time fields, read here as UTC). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** An entry as it goes in the archive: its bytes deflated (or stored), their CRC-32 and length. */
interface Packed {
  body: Buffer;
  crc: number;
  size: number;
}

function pack(entry: ZipEntry): Packed {
  const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
  return { body: entry.store ? data : deflateRawSync(data, { level: 6 }), crc: crc32(data), size: data.length };
}

/**
 * A zip archive in one go, entries in the given order, with Node's own zlib (deflate and CRC-32 in
 * C): what JSZip did in JavaScript, chunk by chunk, was most of an EPUB's time. No zip64 (a book's EPUB or DOCX
 * is far below 4 GB and 65 535 files).
 */
export function writeZip(entries: ZipEntry[], modified: Date): Buffer {
  return zip(entries, modified, new Map()).archive;
}

/**
 * A zip writer that keeps the text files of the last archive it wrote, packed, by their text: the EPUB of a
 * book's re-export in the same export process (issue 17 item 6) deflates only the files that changed — deflating
 * every chapter's XHTML was most of its EPUB's time. One archive's worth, replaced by each archive's.
 */
export function zipWriterKeepingTexts(): (entries: ZipEntry[], modified: Date) => Buffer {
  let lastTexts = new Map<string, Packed>();
  return (entries, modified) => {
    const { archive, texts } = zip(entries, modified, lastTexts);
    lastTexts = texts;
    return archive;
  };
}

function zip(entries: ZipEntry[], modified: Date, lastTexts: Map<string, Packed>): { archive: Buffer; texts: Map<string, Packed> } {
  if (entries.length > 0xffff) throw new Error('too many files for a zip without zip64');
  const { time, date } = dosDateTime(modified);
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  const texts = new Map<string, Packed>();
  let offset = 0;
  for (const entry of entries) {
    let packed: Packed;
    if (typeof entry.data === 'string' && !entry.store) {
      packed = lastTexts.get(entry.data) ?? pack(entry);
      texts.set(entry.data, packed);
    } else packed = pack(entry);
    const { body, crc, size } = packed;
    const name = Buffer.from(entry.name, 'utf8');
    // bit 11: the name is UTF-8 (only said when it is not plain ASCII, as zip tools do)
    const flags = name.length === entry.name.length ? 0 : 0x0800;
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed to extract: 2.0 (deflate)
      header.writeUInt16LE(flags, at + 2);
      header.writeUInt16LE(entry.store ? 0 : 8, at + 4);
      header.writeUInt16LE(time, at + 6);
      header.writeUInt16LE(date, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: MS-DOS attributes, zip 2.0
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    directory.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return { archive: Buffer.concat([...parts, ...directory, end]), texts };
}
