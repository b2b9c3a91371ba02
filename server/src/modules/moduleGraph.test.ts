import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The shape rules a newcomer could break without noticing: modules depend on each other in one
// direction only (a cycle means two modules are really one, or a helper belongs in http/ or db/),
// and the cross-cutting code below the modules never reaches up into one. Type-only imports do not
// count: they vanish at run time and describe shapes, not calls.

const srcDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const modulesDir = path.join(srcDir, 'modules');

const sourceFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));

/** Relative specifiers of the value imports and re-exports of a file. */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const statements = text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'(\.[^']+)'/gms);
  return [...statements].map((match) => match[1]!);
}

/** module → the other modules it imports values from. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(modulesDir)) {
    const [owner] = path.relative(modulesDir, file).split(path.sep);
    for (const specifier of valueImports(file)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
      const [other] = target.split(path.sep);
      // Files beside the modules (module.ts: the shape they share) belong to none of them.
      const isModule = !!other && fs.existsSync(path.join(modulesDir, other)) && fs.statSync(path.join(modulesDir, other)).isDirectory();
      if (target.startsWith('..') || !isModule || other === owner) continue;
      if (!graph.has(owner!)) graph.set(owner!, new Set());
      graph.get(owner!)!.add(other);
    }
  }
  return graph;
}

function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const visit = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) cycles.push([...trail, start].join(' → '));
      else if (!trail.includes(next) && next > start) visit(start, next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) visit(start, start, [start]);
  return cycles;
}

describe('module graph', () => {
  it('has no import cycle between modules', () => {
    const graph = moduleGraph();
    assert.ok(graph.size > 5, 'the modules were read');
    assert.deepEqual(cyclesOf(graph), []);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    assert.deepEqual(cyclesOf(graph), ['a → b → c → a']);
  });

  it('keeps the cross-cutting code (http, db, shared state, time, config) below the modules', () => {
    const below = ['http', 'db', 'sharedState'].flatMap((dir) => sourceFiles(path.join(srcDir, dir)));
    const upward = below.filter((file) => valueImports(file).some((specifier) => path.resolve(path.dirname(file), specifier).startsWith(modulesDir + path.sep)));
    assert.deepEqual(upward.map((file) => path.relative(srcDir, file)), []);
  });
});
