import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The import graph of the project's source, read with the TypeScript compiler's parser: every import and re-export,
// type-only ones included (a module that needs another's types depends on it as surely as on its values: the
// circle app.ts ↔ area routes through the AppDeps type is one), and every dynamic import() (a lazily loaded screen
// is still a dependency).

const ROOT = resolve(import.meta.dirname, '../..');

/** The path aliases of tsconfig.json and vite.config.ts. */
const ALIASES: Record<string, string> = {
  '@domain': 'src/domain',
  '@machines': 'machines',
  '@console': 'src/console',
  '@server': 'src/server',
};

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file a specifier names, or null for a package (or a file that is not source: CSS, JSON). */
function resolveSpecifier(from: string, specifier: string): string | null {
  const [head = '', ...rest] = specifier.split('/');
  let base: string;
  if (ALIASES[head]) base = join(ROOT, ALIASES[head], ...rest);
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export interface ImportEdge {
  /** The imported file, relative to the project. */
  to: string;
  /** Only types cross this edge: it is gone from the compiled code, so it orders nothing at run time. */
  typeOnly: boolean;
}

/** Whether an import declaration brings only types into the module. */
function importsOnlyTypes(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function specifiersOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: importsOnlyTypes(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each file of the folders (relative to the project) with the project files it imports. */
export function importEdges(folders: readonly string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const folder of folders) {
    for (const file of sourceFiles(join(ROOT, folder))) {
      const edges = new Map<string, ImportEdge>();
      for (const { specifier, typeOnly } of specifiersOf(file)) {
        const target = resolveSpecifier(file, specifier);
        if (target === null) continue;
        const to = relative(ROOT, target);
        // A file imported for values and for types is a value dependency.
        const seen = edges.get(to);
        edges.set(to, { to, typeOnly: (seen?.typeOnly ?? true) && typeOnly });
      }
      graph.set(relative(ROOT, file), [...edges.values()]);
    }
  }
  return graph;
}

/** The graph of the edges `keep` accepts, as each file's imported files. */
export function importGraph(
  edges: ReadonlyMap<string, readonly ImportEdge[]>,
  keep: (from: string, edge: ImportEdge) => boolean = () => true,
): Map<string, string[]> {
  return new Map(
    [...edges].map(([from, list]) => [from, list.filter((edge) => keep(from, edge)).map((edge) => edge.to)]),
  );
}

/**
 * The import cycles of the graph, one per strongly connected group of files (Tarjan's algorithm), each given as the
 * group's files sorted; a file importing itself is a cycle too.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;

  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One path around a cycle group, for a readable failure: a → b → … → a. */
export function cyclePath(graph: ReadonlyMap<string, readonly string[]>, group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  // Breadth first from the start back to it, inside the group: the shortest way round.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [...group];
}
