import { join } from 'node:path';
import { DISPUTE_TEMPLATES_FOLDER } from '../../lib/docx';
import { createFileStore, type FileStore } from '../../lib/file-store';

// The files behind dispute templates and generated documents, in the one file store (lib/file-store.ts): generated
// names on disk, the uploaded name in the database only.

/** Generated dispute documents, one per case (the latest), next to the templates in DATA_DIR. */
export const DISPUTE_DOCUMENTS_FOLDER = 'dispute-documents';

export type { FileStore };

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
