import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { ZipArchive } from 'archiver';

// ZIP exports: one CSV inside a zip, built while the CSV is being produced (nothing waits for the whole file). Over
// HTTP the zip travels as base64 text (spec 1, section 4), encoded on the fly as well.

/**
 * Fast deflate: CSV compresses about tenfold at any level, and the higher levels cost several times the CPU for a few
 * percent less.
 */
const ZIP_LEVEL = 1;

/** A zip stream holding `content` as one file named `entryName`. Errors of `content` end the zip with that error. */
export function zipOf(entryName: string, content: Readable, date: Date = new Date()): Readable {
  const archive = new ZipArchive({ zlib: { level: ZIP_LEVEL } });
  content.once('error', (error) => archive.destroy(error));
  archive.append(content, { name: entryName, date });
  archive.finalize().catch((error: unknown) => archive.destroy(error as Error));
  return archive as unknown as Readable;
}

/**
 * Encodes a byte stream as base64 text. Bytes are encoded three at a time, so up to two are carried over to the next
 * chunk; the output is the same as encoding the whole input at once.
 */
export function base64Encoder(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 3);
      carry = Buffer.from(bytes.subarray(whole));
      callback(null, whole > 0 ? bytes.subarray(0, whole).toString('base64') : undefined);
    },
    flush(callback: TransformCallback) {
      callback(null, carry.length > 0 ? carry.toString('base64') : undefined);
    },
  });
}
