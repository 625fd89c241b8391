import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The API's modules in layers (layers.json, decision 053). Lint fences each import; this reads the whole graph
// of imports between modules, which lint cannot, and checks that it goes one way and never round in a circle.
const modulesDirectory = path.dirname(fileURLToPath(import.meta.url));
const layers = JSON.parse(readFileSync(path.join(modulesDirectory, 'layers.json'), 'utf8')) as Record<
  string,
  string[]
>;
const layerOf = new Map(
  Object.entries(layers).flatMap(([, modules], index) => modules.map((module) => [module, index] as const)),
);

function moduleFolders(): string[] {
  return readdirSync(modulesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// module → the other modules its code (not its tests) imports, with the importing file.
function importsBetweenModules(): Map<string, Array<{ module: string; file: string; path: string }>> {
  const graph = new Map<string, Array<{ module: string; file: string; path: string }>>();
  for (const module of moduleFolders()) {
    const edges: Array<{ module: string; file: string; path: string }> = [];
    const files = readdirSync(path.join(modulesDirectory, module), {
      recursive: true,
      encoding: 'utf8',
    }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    for (const file of files) {
      const source = readFileSync(path.join(modulesDirectory, module, file), 'utf8');
      for (const match of source.matchAll(/from '\.\.\/([a-z-]+)\/([^']+)'/g)) {
        const [, target, targetPath] = match;
        if (target && targetPath && target !== module)
          edges.push({ module: target, file: `${module}/${file}`, path: targetPath });
      }
    }
    graph.set(module, edges);
  }
  return graph;
}

function findCircle(graph: Map<string, Array<{ module: string }>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (module: string): string[] | null => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'visiting') return [...trail.slice(trail.indexOf(module)), module];
    state.set(module, 'visiting');
    trail.push(module);
    for (const edge of graph.get(module) ?? []) {
      const circle = visit(edge.module);
      if (circle) return circle;
    }
    trail.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of graph.keys()) {
    const circle = visit(module);
    if (circle) return circle;
  }
  return null;
}

describe('the API modules in layers', () => {
  it('places every module folder in exactly one layer', () => {
    const placed = Object.values(layers).flat();
    expect(placed.length).toBe(new Set(placed).size);
    expect([...placed].sort()).toEqual(moduleFolders());
  });

  it('imports only from its own layer or below, through the other module’s public file', () => {
    const wrong = [...importsBetweenModules()].flatMap(([module, edges]) =>
      edges
        .filter(
          (edge) => (layerOf.get(edge.module) ?? -1) > (layerOf.get(module) ?? -1) || edge.path !== 'index',
        )
        .map((edge) => `${edge.file} imports ../${edge.module}/${edge.path}`),
    );
    expect(wrong).toEqual([]);
  });

  it('has no circle of imports between modules', () => {
    expect(findCircle(importsBetweenModules())).toBeNull();
  });
});
