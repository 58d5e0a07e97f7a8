import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DISPUTE_TEMPLATES_FOLDER } from '../../lib/docx';

// The files behind dispute templates and generated documents. Names on disk are generated here and never come from a
// user: the name a file was uploaded with lives in the database and only reaches Content-Disposition headers. A row
// points at a file only after the file is complete (written aside, then renamed), and a replaced file is removed
// only after the row that pointed at it has changed, so a reader never finds a row without its file for long.

/** Generated dispute documents, one per case (the latest), next to the templates in DATA_DIR. */
export const DISPUTE_DOCUMENTS_FOLDER = 'dispute-documents';

export interface FileStore {
  readonly dir: string;
  /** Stores the bytes under a new generated name with the given extension and returns that name. */
  write(bytes: Uint8Array, extension: string): Promise<string>;
  /** The file's bytes, or null when it is gone (replaced or deleted meanwhile). */
  read(storedName: string): Promise<Buffer | null>;
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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(storedName) {
      if (!storedName) return;
      await rm(pathOf(dir, storedName), { force: true });
    },
  };
}

export interface DisputeFileStores {
  templates: FileStore;
  documents: FileStore;
}

export function disputeFileStores(dataDir: string): DisputeFileStores {
  return {
    templates: createFileStore(join(dataDir, DISPUTE_TEMPLATES_FOLDER)),
    documents: createFileStore(join(dataDir, DISPUTE_DOCUMENTS_FOLDER)),
  };
}
