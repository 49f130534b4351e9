// An ESLint rule for the import boundaries of STYLE.md, resolved on real paths so that relative
// imports (`../../api/src/…`) and package imports (`@og/api/…`) are judged alike:
// - shared/ imports nothing from api/, workers/ or web/;
// - web/ imports nothing from api/ or workers/;
// - api/ imports nothing from workers/ or web/;
// - a web feature imports nothing from another feature.
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const packages = { '@og/shared': 'shared', '@og/api': 'api', '@og/workers': 'workers', '@og/web': 'web' };
const forbidden = {
  shared: ['api', 'workers', 'web'],
  web: ['api', 'workers'],
  api: ['workers', 'web'],
};

function workspaceOf(absolute) {
  const [top] = path.relative(root, absolute).split(path.sep);
  return top;
}

function featureOf(absolute) {
  const parts = path.relative(root, absolute).split(path.sep);
  return parts[0] === 'web' && parts[1] === 'src' && parts[2] === 'features' ? parts[3] : null;
}

function resolveTarget(fromFile, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  for (const [name, dir] of Object.entries(packages)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return path.join(root, dir, 'src', specifier.slice(name.length));
  }
  return null;
}

export const importBoundaries = {
  meta: { type: 'problem', messages: { crossing: '{{reason}}' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = workspaceOf(file);
    const fromFeature = featureOf(file);
    function check(node) {
      if (!node || typeof node.value !== 'string') return;
      const target = resolveTarget(file, node.value);
      if (!target) return;
      const to = workspaceOf(target);
      if (forbidden[from]?.includes(to)) {
        context.report({ node, messageId: 'crossing', data: { reason: `${from}/ may not import ${to}/ code (STYLE.md import rules).` } });
        return;
      }
      const toFeature = featureOf(target);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({
          node,
          messageId: 'crossing',
          data: { reason: `Feature '${fromFeature}' may not import feature '${toFeature}': move what both need to web/src/components or web/src/lib, or compose them in web/src/app.` },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
