/**
 * The folder graph of paper/src, drawn from the imports (type-only imports and re-exports
 * included): each folder of paper/src is one node, each file at its root is a node of its own, and
 * an arrow runs from a node to every node one of its modules imports. `npm run floors -w paper`.
 *
 * Prints the floors — the longest-path layering of the graph after each group of folders that import
 * one another (a strongly connected group) is collapsed into one node: floor 1 imports nothing of
 * paper/src, each node stands one floor above the highest node it imports — and the arrows that go
 * back up: every arrow inside such a group (one of them at least runs from a lower floor to a
 * higher one, however the group's folders are ordered).
 *
 * It prints the layered view as well: the nodes put in one order (the Eades–Lin–Smyth heuristic
 * for the fewest arrows against it), the arrows against that order set aside, the floors of what is
 * left by longest path, and every arrow that does not go down a floor counted as going back up.
 * With no group of folders importing one another both views are the same. `--json` prints it as data.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

function modulesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modulesUnder(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The node a module of paper/src belongs to: its top folder, or the file itself at the root. */
function nodeOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length === 1 ? parts[0] : `${parts[0]}/`;
}

/** The modules of paper/src a module imports (relative specifiers only: packages are not drawn). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier))
    .filter((target) => target.startsWith(SRC + sep));
}

export interface FolderGraph {
  nodes: string[];
  /** from -> to, the modules' imports collapsed to their nodes (no self-arrows). */
  arrows: Map<string, Set<string>>;
}

export function folderGraph(): FolderGraph {
  const files = modulesUnder(SRC);
  const arrows = new Map<string, Set<string>>();
  for (const file of files) {
    const from = nodeOf(file);
    if (!arrows.has(from)) arrows.set(from, new Set());
    for (const target of importsOf(file)) {
      const to = nodeOf(target);
      if (to !== from) arrows.get(from)!.add(to);
    }
  }
  return { nodes: [...arrows.keys()].sort(), arrows };
}

/** Tarjan's strongly connected components: node -> its group's index. */
function groupsOf({ nodes, arrows }: FolderGraph): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const group = new Map<string, number>();
  let counter = 0;
  let groups = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of arrows.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.set(member, groups);
      } while (member !== node);
      groups++;
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return group;
}

export interface Floors {
  /** node -> floor, 1 at the bottom. */
  floorOf: Map<string, number>;
  floors: number;
  /** Arrows inside a group of folders that import one another. */
  backUp: [string, string][];
  /** The groups of more than one node. */
  tangles: string[][];
}

export function floorsOf(graph: FolderGraph): Floors {
  const group = groupsOf(graph);
  const members = new Map<number, string[]>();
  for (const node of graph.nodes) members.set(group.get(node)!, [...(members.get(group.get(node)!) ?? []), node]);
  const groupFloor = new Map<number, number>();
  const floorOfGroup = (g: number): number => {
    const known = groupFloor.get(g);
    if (known !== undefined) return known;
    let below = 0;
    for (const node of members.get(g)!)
      for (const next of graph.arrows.get(node) ?? []) if (group.get(next) !== g) below = Math.max(below, floorOfGroup(group.get(next)!));
    groupFloor.set(g, below + 1);
    return below + 1;
  };
  const floorOf = new Map(graph.nodes.map((node) => [node, floorOfGroup(group.get(node)!)]));
  const backUp: [string, string][] = [];
  for (const node of graph.nodes)
    for (const next of graph.arrows.get(node) ?? []) if (group.get(next) === group.get(node)) backUp.push([node, next]);
  const tangles = [...members.values()].filter((m) => m.length > 1);
  return { floorOf, floors: Math.max(0, ...floorOf.values()), backUp, tangles };
}

/** An order of the nodes, top first, with few arrows pointing up it (Eades, Lin and Smyth, 1993). */
function eadesOrder({ nodes, arrows }: FolderGraph): string[] {
  const out = new Map(nodes.map((n) => [n, new Set(arrows.get(n))]));
  const into = new Map(nodes.map((n) => [n, new Set<string>()]));
  for (const [n, targets] of out) for (const m of targets) into.get(m)!.add(n);
  const left = new Set(nodes);
  const top: string[] = [];
  const bottom: string[] = [];
  const take = (n: string): void => {
    left.delete(n);
    for (const m of out.get(n)!) into.get(m)!.delete(n);
    for (const m of into.get(n)!) out.get(m)!.delete(n);
  };
  while (left.size) {
    for (let changed = true; changed;) {
      changed = false;
      for (const n of [...left])
        if (out.get(n)!.size === 0) {
          bottom.unshift(n);
          take(n);
          changed = true;
        }
      for (const n of [...left])
        if (into.get(n)!.size === 0) {
          top.push(n);
          take(n);
          changed = true;
        }
    }
    if (!left.size) break;
    const best = [...left].reduce((a, b) => (out.get(b)!.size - into.get(b)!.size > out.get(a)!.size - into.get(a)!.size ? b : a));
    top.push(best);
    take(best);
  }
  return [...top, ...bottom];
}

export function layeredFloorsOf(graph: FolderGraph): { floorOf: Map<string, number>; floors: number; backUp: [string, string][] } {
  const position = new Map(eadesOrder(graph).map((n, i) => [n, i]));
  const floorOf = new Map<string, number>();
  const floor = (n: string): number => {
    const known = floorOf.get(n);
    if (known !== undefined) return known;
    const below = [...(graph.arrows.get(n) ?? [])].filter((m) => position.get(m)! > position.get(n)!).map(floor);
    floorOf.set(n, 1 + Math.max(0, ...below));
    return floorOf.get(n)!;
  };
  graph.nodes.forEach(floor);
  const backUp: [string, string][] = [];
  for (const n of graph.nodes) for (const m of graph.arrows.get(n) ?? []) if (floorOf.get(m)! >= floorOf.get(n)!) backUp.push([n, m]);
  return { floorOf, floors: Math.max(0, ...floorOf.values()), backUp };
}

function main(): void {
  const graph = folderGraph();
  const result = floorsOf(graph);
  const layered = layeredFloorsOf(graph);
  if (process.argv.includes('--json')) {
    const byFloor = (floorOf: Map<string, number>) => {
      const floors: Record<number, string[]> = {};
      for (const [node, floor] of floorOf) (floors[floor] ??= []).push(node);
      return floors;
    };
    const view = (r: { floors: number; floorOf: Map<string, number>; backUp: [string, string][] }) => ({
      floors: r.floors,
      backUp: r.backUp.length,
      byFloor: byFloor(r.floorOf),
      arrowsBackUp: r.backUp,
    });
    console.log(JSON.stringify({ collapsed: { ...view(result), tangles: result.tangles }, layered: view(layered) }, null, 2));
    return;
  }
  const print = (floors: number, floorOf: Map<string, number>) => {
    for (let floor = floors; floor >= 1; floor--) {
      const nodes = graph.nodes.filter((node) => floorOf.get(node) === floor);
      console.log(`${String(floor).padStart(2)}  ${nodes.join(' ')}`);
    }
  };
  console.log('Layered (the fewest arrows against one order):');
  print(layered.floors, layered.floorOf);
  for (const [from, to] of layered.backUp) console.log(`  back up: ${from} -> ${to}`);
  console.log('Collapsed (each group of folders importing one another is one node):');
  print(result.floors, result.floorOf);
  for (const tangle of result.tangles) console.log(`  tangled: ${tangle.join(' ')}`);
  console.log(`paper/src, ${graph.nodes.length} nodes (folders and root files):`);
  console.log(`  layered:   ${layered.floors} floors, ${layered.backUp.length} arrows back up`);
  console.log(`  collapsed: ${result.floors} floors, ${result.backUp.length} arrows inside tangles (${result.tangles.length} tangles)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
