// An ESLint rule for the import boundaries of STYLE.md, resolved on real paths so that relative
// imports (`../../api/src/…`) and package imports (`@og/api/…`) are judged alike:
// - shared/ imports nothing from api/, workers/ or web/;
// - web/ imports nothing from api/ or workers/;
// - api/ imports nothing from workers/ or web/;
// - workers/ import nothing from web/, and from api/ only the server core that api/package.json
//   exports (`@og/api/<entry>`): no relative path into api/src, no module the list leaves out;
// - a web feature imports nothing from another feature.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const packages = { '@og/shared': 'shared', '@og/api': 'api', '@og/workers': 'workers', '@og/web': 'web' };
const forbidden = {
  shared: ['api', 'workers', 'web'],
  web: ['api', 'workers'],
  api: ['workers', 'web'],
  workers: ['web'],
};

/** The api's declared server core: its package exports, as patterns (`./db/queries/*`). */
const apiExports = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'api/package.json'), 'utf8')).exports ?? {});

function isApiExport(specifier) {
  if (!specifier.startsWith('@og/api/')) return false;
  const subpath = `./${specifier.slice('@og/api/'.length)}`;
  return apiExports.some((entry) => {
    const star = entry.indexOf('*');
    if (star < 0) return entry === subpath;
    const [before, after] = [entry.slice(0, star), entry.slice(star + 1)];
    return subpath.length > entry.length - 1 && subpath.startsWith(before) && subpath.endsWith(after) && !subpath.slice(before.length, subpath.length - after.length).includes('/');
  });
}

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
      if (from === 'workers' && to === 'api' && !isApiExport(node.value)) {
        context.report({
          node,
          messageId: 'crossing',
          data: { reason: `workers/ use the api only through the server core that api/package.json exports; '${node.value}' is not in that list (add it there if it is server core, or move worker-only code into workers/).` },
        });
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
