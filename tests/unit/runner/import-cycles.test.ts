import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module of the four programs is in an import circle. Every relative import counts: static, `export …
 * from`, dynamic `import()` (a lazy screen that imports its loader back is still a circle, and the two can no
 * longer be moved apart), and `import type` too (erased at run time, but a type taken back from a module that
 * imports you ties the two as much: the reports tabs' `ReportScope` was one).
 */
const ROOTS = ['shared', 'server', 'electron', 'renderer'];
const SOURCE = /\.(ts|tsx)$/;
const root = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; null for JSON, CSS and the like. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // preProcessFile lists static, re-export, type-only and dynamic imports with a literal specifier.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolveImport(file, name))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each circle once, as the path of files around it (Tarjan's strongly connected components, then one loop each). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  // A component can hold several circles; naming one path through it shows where to cut.
  return components.map((component) => {
    const inside = new Set(component);
    const start = [...component].sort()[0]!;
    const path = [start];
    const seen = new Set([start]);
    const walk = (node: string): boolean => {
      for (const next of graph.get(node) ?? []) {
        if (next === start) return true;
        if (!inside.has(next) || seen.has(next)) continue;
        seen.add(next);
        path.push(next);
        if (walk(next)) return true;
        path.pop();
      }
      return false;
    };
    walk(start);
    return [...path, start];
  });
}

describe('import graph', () => {
  it('finds a circle, static or dynamic, and names its files', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('sees dynamic and type-only imports', () => {
    const { importedFiles } = ts.preProcessFile(
      "import type { A } from './a'; const m = () => import('./b'); export { c } from './c';",
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName).sort()).toEqual(['./a', './b', './c']);
  });

  it('shared, server, electron and renderer have no import circle', () => {
    const graph = importGraph(ROOTS.flatMap((dir) => sourceFiles(join(root, dir))));
    const named = cycles(graph).map((circle) => circle.map((file) => relative(root, file)).join(' → '));
    expect(named).toEqual([]);
  });
});
