import { existsSync, readFileSync } from 'node:fs';

// Which packages fill a built chunk, read from its source map: each mapping segment's generated span is charged to
// the source it came from. Information for whoever has to bring the initial JS under budget.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** 'react-dom', '@tanstack/react-query', or 'src/console' for the project's own code. */
export function ownerOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const project = /(?:^|\/)(src\/[^/]+|machines)\//.exec(source);
  return project ? project[1]! : 'other';
}

/** Generated characters per owner, for a chunk with `.map` beside it; undefined without a map. */
export function shareByOwner(chunkPath: string): Map<string, number> | undefined {
  const mapPath = `${chunkPath}.map`;
  if (!existsSync(mapPath)) return undefined;
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const lineLengths = readFileSync(chunkPath, 'utf8')
    .split('\n')
    .map((line) => line.length);
  const totals = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    const segments = line ? line.split(',') : [];
    const starts: { column: number; source: number | undefined }[] = [];
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1]!;
      starts.push({ column, source: fields.length >= 4 ? source : undefined });
    }
    starts.forEach((start, index) => {
      if (start.source === undefined) return;
      const end = starts[index + 1]?.column ?? lineLengths[lineIndex] ?? start.column;
      const owner = ownerOf(map.sources[start.source] ?? '');
      totals.set(owner, (totals.get(owner) ?? 0) + Math.max(0, end - start.column));
    });
  });
  return totals;
}
