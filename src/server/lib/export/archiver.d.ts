// archiver 8 ships no types (and @types/archiver describes the CommonJS v7 API); this is the part we use.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';
  import type { ZlibOptions } from 'node:zlib';

  export interface ZipArchiveOptions {
    zlib?: ZlibOptions;
    store?: boolean;
    comment?: string;
    forceZip64?: boolean;
  }

  export interface EntryData {
    name: string;
    date?: Date | string;
  }

  export class ZipArchive extends Transform {
    constructor(options?: ZipArchiveOptions);
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
