import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

// Files users upload (dispute templates, invoice PDFs) and files made from them (dispute documents). Names on disk
// are generated here and never come from a user: the name a file was uploaded with lives in the database and only
// reaches Content-Disposition headers. A row points at a file only after the file is complete (written aside, then
// renamed), and a replaced file is removed only after the row that pointed at it has changed, so a reader never finds
// a row without its file for long.

/** An open stored file: its size and a stream of its bytes (the file stays readable if it is removed meanwhile). */
export interface OpenedFile {
  size: number;
  stream: ReadStream;
}

export interface FileStore {
  readonly dir: string;
  /** Stores the bytes under a new generated name with the given extension and returns that name. */
  write(bytes: Uint8Array, extension: string): Promise<string>;
  /** The file's bytes, or null when it is gone (replaced or deleted meanwhile). */
  read(storedName: string): Promise<Buffer | null>;
  /** The file opened for streaming, or null when it is gone. The caller consumes or destroys the stream. */
  open(storedName: string): Promise<OpenedFile | null>;
  /** Removes a file; one already gone is fine. */
  remove(storedName: string | null | undefined): Promise<void>;
}

/** Stored names are bare file names; anything else in the column is refused rather than followed. */
function pathOf(dir: string, storedName: string): string {
  if (storedName === '' || basename(storedName) !== storedName || storedName.startsWith('.')) {
    throw new Error(`Refusing stored file name ${JSON.stringify(storedName)}`);
  }
  return join(dir, storedName);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createFileStore(dir: string): FileStore {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true }).catch((error) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    dir,
    async write(bytes, extension) {
      await ensureDir();
      const storedName = `${randomUUID()}.${extension}`;
      const target = pathOf(dir, storedName);
      const partial = `${target}.part`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return storedName;
    },
    async read(storedName) {
      try {
        return await readFile(pathOf(dir, storedName));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(storedName) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(dir, storedName), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here: it closes it when it ends or is destroyed.
        return { size, stream: createReadStream('', { fd: handle, autoClose: true, highWaterMark: 64 * 1024 }) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(storedName) {
      if (!storedName) return;
      await rm(pathOf(dir, storedName), { force: true });
    },
  };
}
