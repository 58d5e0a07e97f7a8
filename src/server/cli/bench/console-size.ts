import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { shareByOwner } from './source-map-share';
import type { Measurement } from './types';

// The console's initial JS: what index.html loads before anything lazy (the entry script and its modulepreloads),
// gzip level 9, against design.md's 160 KB.

const root = resolve(import.meta.dirname, '../../../..');
const outDir = join(root, 'dist/console');
const indexFile = join(outDir, 'index.html');
/** The same list `npm start` watches, so both agree on when the build is stale. */
const SOURCES = ['src/console', 'src/domain', 'machines', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

export class BuildFailed extends Error {}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The lines of a failed build that say what is wrong and where, without the banner, the stack and the frames. */
export function buildError(output: string, code: number | null): string {
  const generic = /^(✗ )?build failed|^error during build:?$|^build failed with \d+ errors?:?$/i;
  const lines = output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at ') && !generic.test(line) && !/^[{}]|^errors: /.test(line));
  const first = lines.findIndex((line) => /error/i.test(line));
  if (first < 0) return (lines.slice(-2).join(' - ') || `exit code ${code}`).slice(0, 400);
  const picked = [lines[first]!];
  const previous = lines[first - 1];
  if (previous?.startsWith('[plugin')) picked.unshift(previous);
  // Rolldown's diagnostics name the file in a frame line such as "╭─[ src/console/main.tsx:3:8 ]".
  const location = lines.slice(first + 1).find((line) => /╭─\[/.test(line));
  if (location) picked.push(location.replace(/^.*╭─\[\s*/, 'at ').replace(/\s*\]$/, ''));
  return picked.join(' - ').slice(0, 400);
}

/** Runs `vite build` in a child process so a broken console is reported as a line, not a crash. */
function viteBuild(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Plain text, so the first error line can be quoted as it is.
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) => fail(new BuildFailed(`vite build could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return done();
      fail(new BuildFailed(`vite build failed: ${buildError(output, code)}`));
    });
  });
}

export async function ensureConsoleBuild(): Promise<{ built: boolean; seconds: number }> {
  const started = Date.now();
  if (existsSync(indexFile) && statSync(indexFile).mtimeMs >= newestMtime(SOURCES)) return { built: false, seconds: 0 };
  await viteBuild();
  if (!existsSync(indexFile)) throw new BuildFailed('vite build finished without dist/console/index.html');
  return { built: true, seconds: (Date.now() - started) / 1000 };
}

/** The files index.html makes the browser fetch at once: module entry scripts and modulepreload links. */
export function initialScripts(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(tag)?.[1];
    if (src && /\btype=["']module["']/i.test(tag)) files.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && /\brel=["']modulepreload["']/i.test(tag)) files.add(href);
  }
  return [...files];
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function listJs(directory: string): string[] {
  if (!existsSync(directory)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...listJs(path));
    else if (entry.name.endsWith('.js')) found.push(path);
  }
  return found;
}

export const consoleInitialJs: Measurement = {
  name: 'Console initial JS (gzip)',
  group: 'console',
  budget: { op: '<=', value: 160, unit: 'KB' },
  async run() {
    const build = await ensureConsoleBuild();
    const html = readFileSync(indexFile, 'utf8');
    const initial = initialScripts(html).map((src) => join(outDir, posix.normalize(src.replace(/^\//, ''))));
    if (initial.length === 0) throw new Error('dist/console/index.html names no module script');
    const missing = initial.filter((path) => !existsSync(path));
    if (missing.length > 0) throw new Error(`index.html names missing files: ${missing.join(', ')}`);
    const total = initial.reduce((sum, path) => sum + gzipBytes(path), 0);

    const initialSet = new Set(initial);
    const lazy = listJs(outDir)
      .filter((path) => !initialSet.has(path))
      .map((path) => ({ path, bytes: gzipBytes(path) }))
      .sort((a, b) => b.bytes - a.bytes);
    const lazyTotal = lazy.reduce((sum, chunk) => sum + chunk.bytes, 0);
    const relative = (path: string) => path.slice(outDir.length + 1);
    const notes = [
      `initial files: ${initial.map((path) => `${relative(path)} ${kb(gzipBytes(path))} KB`).join(', ')}`,
      `lazy chunks: ${lazy.length}, ${kb(lazyTotal)} KB gzip in all; largest: ${
        lazy
          .slice(0, 5)
          .map((chunk) => `${relative(chunk.path)} ${kb(chunk.bytes)} KB`)
          .join(', ') || 'none'
      }`,
    ];
    const owners = new Map<string, number>();
    for (const path of initial) {
      for (const [owner, size] of shareByOwner(path) ?? []) owners.set(owner, (owners.get(owner) ?? 0) + size);
    }
    const mapped = [...owners.values()].reduce((sum, size) => sum + size, 0);
    if (mapped > 0) {
      const top = [...owners].sort((a, b) => b[1] - a[1]).slice(0, 8);
      notes.push(
        `initial JS by package (share of minified code): ${top
          .map(([owner, size]) => `${owner} ${Math.round((size / mapped) * 100)}%`)
          .join(', ')}`,
      );
    }
    return {
      value: kb(total),
      unit: 'KB',
      detail: `${initial.length} file(s)${build.built ? `, built in ${Math.round(build.seconds)} s` : ', build up to date'}`,
      notes,
    };
  },
};
