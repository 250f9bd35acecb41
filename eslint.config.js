import tseslint from "typescript-eslint";
import { layersPlugin } from "./scripts/eslint-layers.js";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", ".cache/**", "test-results/**", "playwright-report/**", "bench/minimal/{build,public/build,.cache}/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // Styles live in vanilla-extract modules: inline style attributes repeat
      // themselves and need a Content-Security-Policy loosened for them.
      "no-restricted-syntax": [
        "error",
        { selector: "JSXAttribute[name.name='style']", message: "Use a vanilla-extract class (app/styles/utility.css.ts or a *.css.ts beside the component)." },
      ],
    },
  },
  {
    // Links go through ~/components/Link, which writes them without Remix's
    // browser-only hooks on the server (and is Remix's own in the browser).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/Link.tsx", "app/components/Link.test.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@remix-run/react", importNames: ["Link", "NavLink"], message: "Import Link and NavLink from ~/components/Link." }] }],
    },
  },
  {
    // Imports run down the layers: routes, forms, API client, API, domain, db
    // (docs/decisions/035-layers.md). Tests are no layer: they set up what they need.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { layers: layersPlugin },
    rules: { "layers/imports": "error" },
  },
  {
    // The API's handlers call the domain, which reads and writes: a query
    // written in a handler is a rule the domain's tests never see (ADR 035).
    files: ["app/api/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]", message: "Query in app/domain: the API's handlers call the domain (docs/decisions/035-layers.md)." },
      ],
    },
  },
  {
    // Modules the browser bundles (components, shared rules, client helpers):
    // the full zod (~100 KB compressed; shared schemas use zod/mini), the API
    // framework, the database and any *.server module must never enter them.
    // Type-only imports are erased and allowed.
    files: ["app/components/**/*.{ts,tsx}", "app/domain/**/*.ts", "app/lib/**/*.ts", "app/forms/**/*.ts", "app/i18n/**/*.ts", "app/styles/**/*.ts"],
    ignores: ["**/*.server.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Browser code uses zod/mini; the full zod stays on the server.", allowTypeImports: true },
            { name: "zod/v4", message: "Browser code uses zod/mini; the full zod stays on the server.", allowTypeImports: true },
            { name: "@hono/zod-openapi", message: "The API framework is server-only.", allowTypeImports: true },
            { name: "kysely", message: "The database is server-only.", allowTypeImports: true },
            { name: "pg", message: "The database is server-only.", allowTypeImports: true },
          ],
          patterns: [
            { group: ["*.server", "**/*.server", "~/api/*", "~/db/*", "node:*"], message: "Server-only module: keep it out of code the browser bundles.", allowTypeImports: true },
          ],
        },
      ],
    },
  },
);
