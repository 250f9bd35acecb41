import tseslint from "typescript-eslint";

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
);
