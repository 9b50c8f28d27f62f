import path from 'node:path';

/**
 * Module boundaries (see ../shared/CONVENTIONS.md):
 * - a file in src/modules/A may import src/modules/B only through B's index.ts;
 * - a file in src/web/features/A may not import src/web/features/B at all (app/ composes them).
 */
const MODULES = path.join('src', 'modules') + path.sep;
const FEATURES = path.join('src', 'web', 'features') + path.sep;

function area(file, root) {
  const rel = path.relative(process.cwd(), file);
  if (!rel.startsWith(root)) return null;
  const rest = rel.slice(root.length).split(path.sep);
  return rest.length > 1 ? { name: rest[0], inner: rest.slice(1).join('/') } : null;
}

export const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      module: "Module '{{from}}' may import module '{{to}}' only through its index.ts",
      feature: "Web feature '{{from}}' may not import feature '{{to}}'; compose them in src/web/app",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const fromModule = area(file, MODULES);
    const fromFeature = area(file, FEATURES);
    if (!fromModule && !fromFeature) return {};
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (fromModule) {
        const to = area(target + '.ts', MODULES) ?? area(path.join(target, 'index.ts'), MODULES);
        if (to && to.name !== fromModule.name && !/^index(\.tsx?)?$/.test(to.inner)) {
          context.report({ node, messageId: 'module', data: { from: fromModule.name, to: to.name } });
        }
      }
      if (fromFeature) {
        const to = area(target + '.ts', FEATURES) ?? area(path.join(target, 'index.ts'), FEATURES);
        if (to && to.name !== fromFeature.name) {
          context.report({ node, messageId: 'feature', data: { from: fromFeature.name, to: to.name } });
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
