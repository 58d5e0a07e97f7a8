import { inflateRawSync } from 'node:zlib';

// A minimal zip reader for the export tests: reads the central directory (the local headers of a streamed zip carry
// no sizes) and inflates each entry. No zip64, no encryption: the export files need neither.

export interface ZipEntry {
  name: string;
  content: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function unzip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let at = zip.length - 22; at >= 0; at--) {
    if (zip.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(localOffset) !== LOCAL) throw new Error(`broken local header for ${name}`);
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    const content = method === 0 ? Buffer.from(data) : inflateRawSync(data);
    if (content.length !== size) throw new Error(`${name}: ${content.length} bytes, expected ${size}`);
    entries.push({ name, content });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The lines of the one CSV inside a base64 ZIP export (the BOM dropped, no empty last line). */
export function csvLinesOfZip(base64: string): string[] {
  const [entry] = unzip(Buffer.from(base64, 'base64'));
  return entry!.content
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
}
