// The portal's layers (docs/decisions/035-layers.md) as an ESLint rule, local
// to the repository: it reads every import (values and types, `export … from`,
// `import()`), resolves `~/…` and relative paths to the module they name and
// refuses an arrow that runs back up. It resolves paths itself rather than
// matching import strings (no-restricted-imports) so that a relative path
// cannot walk around it. tests/lint/layers.test.ts checks the rule;
// tests/lint/import-cycles.test.ts checks that no import cycle is left.
import path from "node:path";

/**
 * Top to bottom; a module belongs to the first layer whose pattern matches its
 * path (from the repository root, without extension). A module imports its own
 * layer and those below it, never one above.
 */
export const LAYERS = [
  // The server's entry modules put the app together: they may import anything.
  { name: "entry", match: /^app\/entry\.(client|server)$/ },
  // Screens: the route modules, the root and the route handles' title helper.
  { name: "routes", match: /^app\/(routes\/|root$|lib\/document-title$)/ },
  // What loaders and actions call: form handling and the helpers that read the API for a page.
  { name: "forms", match: /^app\/(forms\/|auth\/user\.server$|cache\/content\.server$|lib\/(countries|country-names|page-menu)\.server$|media\/form\.server$)/ },
  { name: "components", match: /^app\/components\// },
  { name: "API client", match: /^app\/api\/client\.server$/ },
  // The API: its contracts (what the client exposes), handlers, guards and wiring.
  { name: "API", match: /^app\/api\// },
  // Migrations' companions that fill the database through the domain (run by server/start.ts).
  { name: "database setup", match: /^app\/db\/(prepare\.server$|seeds\/)/ },
  // Rules, reads and writes; app/media stores the files the domain records.
  { name: "domain", match: /^app\/(domain|media)\// },
  // The sign-in session (ADR 003) keeps its tokens in the database.
  { name: "session", match: /^app\/auth\// },
  // What is kept in memory until the next write (the data version is the database's).
  { name: "cache", match: /^app\/cache\// },
  { name: "db", match: /^app\/db\// },
  // What every layer may use: HTTP helpers, i18n, styles, configuration, messages between web processes.
  { name: "platform", match: /^app\// },
];

/** The contracts of the API: all the layers above the client may read of app/api besides the client itself. */
const CONTRACT = /^app\/api\/(contract|[^/]+\/([^/]+[-.])?contract)$/;
/** The one server module of the domain the screens may call: the Markdown renderer, which reads no database. */
const SCREEN_SAFE_SERVER = /^app\/domain\/pages\/markdown\.server$/;
/** The domain's generic modules (its root, media, mail, the role model): no feature of the domain. */
const DOMAIN_BASE = /^app\/domain\/([^/]+$|media\/|mail\/|users\/roles$)/;

export const layerOf = (module) => LAYERS.findIndex((l) => l.match.test(module));

/** Why the import of `to` by `from` (paths from the repository root, without extension) breaks the layering, or null. */
export function breach(from, to) {
  // The splat route that mounts the API in the web process (ADR 001).
  if (from === "app/routes/api.$" && to === "app/api/wiring.server") return null;
  const a = layerOf(from);
  const b = layerOf(to);
  if (a < 0 || b < 0) return null;
  const [above, below] = [LAYERS[a].name, LAYERS[b].name];
  if (b < a) return `the ${above} layer never imports the ${below} layer, which is above it.`;
  if (["routes", "forms", "components"].includes(above)) {
    if (below === "API" && !CONTRACT.test(to)) return `the ${above} layer reaches the API through its client and contracts only (ADR 001).`;
    if ((below === "db" || below === "database setup" || (to.startsWith("app/domain/") && to.endsWith(".server"))) && !SCREEN_SAFE_SERVER.test(to))
      return `the ${above} layer never reads or writes the database itself: the API does (ADR 001).`;
  }
  if (DOMAIN_BASE.test(from) && to.startsWith("app/domain/") && !DOMAIN_BASE.test(to))
    return "a generic domain module never imports a feature of the domain: the caller passes in what it needs of one.";
  return null;
}

const stripExtension = (p) => p.replace(/\.(d\.ts|tsx?|jsx?|mjs)$/, "");

/** The module `specifier` names from `filename`, from the repository root; null for a package. */
export function resolve(specifier, filename, root = process.cwd()) {
  let target;
  if (specifier.startsWith("~/")) target = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) target = path.resolve(path.dirname(filename), specifier);
  else return null;
  return stripExtension(path.relative(root, target).split(path.sep).join("/"));
}

export const layersPlugin = {
  rules: {
    imports: {
      meta: { type: "problem", docs: { description: "Imports run down the layers (docs/decisions/035-layers.md)." }, schema: [] },
      create(context) {
        const root = context.cwd;
        const from = stripExtension(path.relative(root, context.filename).split(path.sep).join("/"));
        if (layerOf(from) < 0) return {};
        const check = (node) => {
          if (!node || node.type !== "Literal" || typeof node.value !== "string") return;
          const to = resolve(node.value, context.filename, root);
          const why = to && breach(from, to);
          if (why) context.report({ node, message: `Layers: ${from} → ${to}: ${why}` });
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
          TSImportType: (n) => check(n.argument?.type === "TSLiteralType" ? n.argument.literal : n.argument),
        };
      },
    },
  },
};
