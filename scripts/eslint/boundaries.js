import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Module boundaries (see ../shared/CONVENTIONS.md):
 * - a file in src/modules/A may import src/modules/B only through B's index.ts, and the modules
 *   may not import each other in a cycle (A → B → … → A), tests aside;
 * - src/platform never imports a module (the composition root src/app.ts does), nor migrations/,
 *   whose list names modules' migrations: the composition root hands it in;
 * - the browser (src/web) imports only src/web and the dependency-light src/shared;
 * - a file in src/web/features/A may not import src/web/features/B at all (app/ composes them).
 */
const MODULES = path.join('src', 'modules') + path.sep;
const FEATURES = path.join('src', 'web', 'features') + path.sep;
const WEB = path.join('src', 'web') + path.sep;
const SHARED = path.join('src', 'shared') + path.sep;
const PLATFORM = path.join('src', 'platform') + path.sep;
const SOURCE = path.join('src') + path.sep;

const rel = (file) => path.relative(process.cwd(), file);

function area(file, root) {
  const r = rel(file);
  if (!r.startsWith(root)) return null;
  const rest = r.slice(root.length).split(path.sep);
  return rest.length > 1 ? { name: rest[0], inner: rest.slice(1).join('/') } : null;
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Which modules each module's non-test files import, read from the sources (cached per lint run). */
let graphCache;
export function moduleGraph() {
  if (graphCache) return graphCache;
  const root = path.join(process.cwd(), 'src', 'modules');
  const graph = new Map();
  let names = [];
  try {
    names = readdirSync(root).filter((n) => statSync(path.join(root, n)).isDirectory());
  } catch {
    return (graphCache = graph);
  }
  const walk = (dir, out) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full, out);
      else if (/\.tsx?$/.test(entry) && !isTest(entry)) out.push(full);
    }
    return out;
  };
  for (const name of names) {
    const deps = new Set();
    for (const file of walk(path.join(root, name), [])) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const target = area(path.resolve(path.dirname(file), m[1]) + '.ts', MODULES);
        if (target && target.name !== name) deps.add(target.name);
      }
    }
    graph.set(name, deps);
  }
  return (graphCache = graph);
}

/** A path of modules from `from` back to `to`, or null. */
export function cyclePath(graph, from, to) {
  const seen = new Set();
  const search = (node, trail) => {
    if (node === to) return trail;
    if (seen.has(node)) return null;
    seen.add(node);
    for (const next of graph.get(node) ?? []) {
      const found = search(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return search(from, [from]);
}

export const boundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { graph: { type: 'object' } }, additionalProperties: false }],
    messages: {
      module: "Module '{{from}}' may import module '{{to}}' only through its index.ts",
      cycle: "Module '{{from}}' may not import module '{{to}}': that makes a cycle ({{cycle}})",
      platform: "The platform may not import module '{{to}}'; the composition root (src/app.ts) wires modules",
      migrations: 'The platform may not import migrations/; the composition root (src/app.ts) hands the list in',
      web: "The browser may import only src/web and src/shared, not '{{target}}'",
      feature: "Web feature '{{from}}' may not import feature '{{to}}'; compose them in src/web/app",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const r = rel(file);
    const fromModule = area(file, MODULES);
    const fromFeature = area(file, FEATURES);
    const inWeb = r.startsWith(WEB);
    const inPlatform = r.startsWith(PLATFORM);
    if (!fromModule && !inWeb && !inPlatform) return {};
    // Tests may build a graph of their own (the lint rule's own test passes one).
    const option = context.options[0]?.graph;
    const graph = option ? new Map(Object.entries(option).map(([k, v]) => [k, new Set(v)])) : undefined;
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = area(target + '.ts', MODULES) ?? area(path.join(target, 'index.ts'), MODULES);
      if (fromModule && to && to.name !== fromModule.name) {
        if (!/^index(\.tsx?)?$/.test(to.inner)) {
          context.report({ node, messageId: 'module', data: { from: fromModule.name, to: to.name } });
        } else if (!isTest(file)) {
          const cycle = cyclePath(graph ?? moduleGraph(), to.name, fromModule.name);
          if (cycle) {
            context.report({
              node,
              messageId: 'cycle',
              data: { from: fromModule.name, to: to.name, cycle: [fromModule.name, ...cycle].join(' → ') },
            });
          }
        }
      }
      if (inPlatform && to && !isTest(file)) {
        context.report({ node, messageId: 'platform', data: { to: to.name } });
      }
      if (inPlatform && !isTest(file) && (rel(target) + path.sep).startsWith('migrations' + path.sep)) {
        context.report({ node, messageId: 'migrations' });
      }
      if (inWeb) {
        const targetRel = rel(target);
        if (targetRel.startsWith(SOURCE) && !targetRel.startsWith(WEB) && !targetRel.startsWith(SHARED)) {
          context.report({ node, messageId: 'web', data: { target: targetRel } });
        }
      }
      if (fromFeature) {
        const toFeature = area(target + '.ts', FEATURES) ?? area(path.join(target, 'index.ts'), FEATURES);
        if (toFeature && toFeature.name !== fromFeature.name) {
          context.report({ node, messageId: 'feature', data: { from: fromFeature.name, to: toFeature.name } });
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source, ...node }),
    };
  },
};
