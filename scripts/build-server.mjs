#!/usr/bin/env node
// The portal's own server compiled for production (docs/decisions/045-compiled-server.md):
// server/start.ts (the supervisor, which migrates and seeds) and server/worker.ts
// (a web process) bundled by esbuild with what they import from app/ and idp/
// into build/server/start.js and build/server/worker.js, so production runs
// node on JavaScript, without tsx. Every package stays external: the runtime
// image has node_modules, and server/route-matching.ts patches
// @remix-run/router in Node's module cache, which needs the router to be the
// one Remix's build loads from node_modules, not a copy in the bundle.
// `npm run build` runs it after `remix build`; `npm run start:prod` starts it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Bare specifiers (packages, node: built-ins) are left to Node; esbuild 0.17's
 * own `packages: "external"` would take the tsconfig's "~/…" alias for a package too.
 */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./~]/ }, (args) => (args.kind === "entry-point" ? undefined : { path: args.path, external: true }));
  },
};

/** The two entry points, as built: file names the supervisor forks by (server/start.ts). */
export const ENTRIES = ["start", "worker"];

/**
 * Bundles the server into `outdir` (build/server by default); resolves to
 * esbuild's metafile (inputs, and each output's imports, the external
 * packages among them) so a test can check what went in and what stays out.
 */
export async function buildServer({ outdir = path.join(repo, "build", "server"), quiet = false } = {}) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: repo,
    entryPoints: Object.fromEntries(ENTRIES.map((name) => [name, `server/${name}.ts`])),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    // The oldest Node the engines field allows.
    target: "node20.11",
    // Every package stays external (above); the tsconfig's "~/" alias of app/ is ours.
    plugins: [externalPackages],
    tsconfig: path.join(repo, "tsconfig.json"),
    // Line numbers of errors stay readable in production logs.
    sourcemap: "linked",
    // Names kept: errors and logs name functions as in the sources.
    keepNames: true,
    // package.json says "sideEffects": false (for Remix's browser bundle), but
    // the server has imports made for their effects (server/router-first.ts).
    ignoreAnnotations: true,
    metafile: true,
    logLevel: quiet ? "error" : "warning",
    banner: { js: "// Built by scripts/build-server.mjs from server/*.ts: do not edit." },
  });
  // A warning is a bundle that may not run as the sources do: refused.
  if (result.warnings.length > 0) throw new Error(`the server bundle has ${result.warnings.length} warning(s), see above`);
  // The bundle is ESM whatever the nearest package.json says (a copy of build/ alone).
  fs.writeFileSync(path.join(outdir, "package.json"), `${JSON.stringify({ type: "module" }, null, 2)}\n`);
  if (!quiet) {
    const inputs = Object.keys(result.metafile.inputs);
    const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
    console.log(`server bundled into ${path.relative(repo, outdir)}: ${ENTRIES.map((e) => `${e}.js`).join(", ")} (${inputs.length} modules, ${(bytes / 1024).toFixed(0)} KB with source maps)`);
  }
  return result.metafile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--outdir");
  await buildServer(at > 0 ? { outdir: path.resolve(process.argv[at + 1]) } : {});
}
