import { describe, expect, it } from 'vitest';
import { cyclePath, importCycles, importEdges, importGraph } from '../support/import-graph';

// Imports flow one way (design.md, section 3): a circle of modules has no bottom to read or test from, and at run
// time it leaves one module half-initialised while the other runs. The console had one (issue 23:
// commands/target-commands.ts → app/stable-screens → app/screens.tsx → a detail screen → back); this keeps it and
// any new one out. Reads the source with the TypeScript parser: no build, about a second.

const edges = importEdges(['src', 'machines']);

/** The cycles of a graph, each drawn as a path round it, for a failure that says where to cut. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return importCycles(graph).map((group) => `${group.length} files: ${cyclePath(graph, group).join(' → ')}`);
}

describe('import cycles', () => {
  it('the console, the domain and the machines have none, counting type-only and lazy imports', () => {
    const outsideServer = new Map([...edges].filter(([from]) => !from.startsWith('src/server/')));
    expect(cyclesOf(importGraph(outsideServer))).toEqual([]);
  });

  it('no command module imports the screens: screens register commands, the app hands the commands its screens', () => {
    const intoScreens = [...edges].flatMap(([from, list]) =>
      from.startsWith('src/console/commands/')
        ? list
            .filter((edge) => edge.to === 'src/console/app/screens.tsx' || /-screen\.tsx$/.test(edge.to))
            .map((edge) => `${from} → ${edge.to}`)
        : [],
    );
    expect(intoScreens).toEqual([]);
  });

  it('the server has none either (the area plugins take AppDeps from app-deps.ts, the seed steps their shapes from seed-types.ts)', () => {
    const serverOnly = new Map([...edges].filter(([from]) => from.startsWith('src/server/')));
    expect(cyclesOf(importGraph(serverOnly))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    // The check itself: a → b → c → a is one group; d, which only imports a, is none.
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(cyclePath(graph, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
  });
});
