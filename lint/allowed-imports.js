// The import fence as an allow list: a program names the packages and the folders it may import,
// and everything else is reported. no-restricted-imports lists what is forbidden, so a package
// nobody thought of passed; its patterns cannot say "a relative path that leaves these folders".
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';

const builtins = new Set(builtinModules);

/** What an import names: `node:fs` for `fs` or `node:fs/promises`, `@scope/name` or `name` without its subpath. */
export function packageOf(specifier) {
  const [first = '', second = ''] = specifier.replace(/^node:/, '').split('/');
  if (specifier.startsWith('node:') || builtins.has(first)) return `node:${first}`;
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** `name` exactly, or any name a `prefix*` pattern starts (`node:*`, `@casl/*`). */
const named = (name, pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);

/** The text an import is given: a string, or a template's start (`../../locales/${lang}/…` is under locales/). */
function specifierOf(source) {
  if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source?.type === 'TemplateLiteral') return source.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports only from the packages and folders a program lists (ARCHITECTURE.md).' },
    schema: [
      {
        type: 'object',
        properties: {
          packages: { type: 'array', items: { type: 'string' } },
          folders: { type: 'array', items: { type: 'string' } },
          why: { type: 'string' },
        },
        required: ['packages', 'folders', 'why'],
        additionalProperties: false,
      },
    ],
    messages: { outside: "'{{specifier}}' is outside this program's allow list: {{why}}" },
  },
  create(context) {
    const { packages, folders, why } = context.options[0];
    const inAllowedFolder = (specifier) => {
      const target = relative(context.cwd, resolve(dirname(context.filename), specifier))
        .split(sep)
        .join('/');
      return folders.some((folder) => target === folder || target.startsWith(`${folder}/`));
    };
    const check = (node) => {
      const specifier = specifierOf(node.source);
      if (specifier === undefined) return;
      const allowed = specifier.startsWith('.')
        ? inAllowedFolder(specifier)
        : packages.some((pattern) => named(packageOf(specifier), pattern));
      if (!allowed) context.report({ node: node.source, messageId: 'outside', data: { specifier, why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
