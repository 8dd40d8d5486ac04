// Bundles the compiled CLI (dist/skiff-bundle.cjs) and the package's programmatic API
// (dist/skiff-lib-bundle.cjs) each into one CommonJS file that its loader (dist/skiff.mjs from
// scripts/skiff-launcher.mjs, dist/index.mjs from scripts/skiff-lib.mjs) runs with a V8 code
// cache (scripts/bundle-loader.mjs): start-up then loads one file and compiles almost nothing.
// Only the native SQLite addon, koffi and @peculiar/x509 (loaded lazily, when a PKI must be
// generated) stay external.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

// better-sqlite3's JavaScript is bundled; its native addon stays in node_modules, loaded by
// the path it is always built (or downloaded) to. The package finds it through the `bindings`
// package, which captures a stack trace to find the package root and then tries a dozen
// paths, each a failed require with its own error and stack: ~10 ms of every start, in the
// main thread and again in the write worker.
const SQLITE_ADDON = 'better-sqlite3/build/Release/better_sqlite3.node';
const sqliteAddonByPath = {
  name: 'better-sqlite3-addon',
  setup(b) {
    b.onResolve({ filter: /^bindings$/ }, (args) => (/[\\/]better-sqlite3[\\/]/.test(args.importer) ? { path: 'bindings', namespace: 'sqlite-addon' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'sqlite-addon' }, () => ({
      contents: `module.exports = (name) => { if (name !== 'better_sqlite3.node') throw new Error('unexpected addon ' + name); return require(${JSON.stringify(SQLITE_ADDON)}); };`,
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax only: names stay as written (stack traces, class names).
  minifyWhitespace: true,
  minifySyntax: true,
  external: [SQLITE_ADDON, '@peculiar/x509', 'koffi'],
  plugins: [sqliteAddonByPath],
  logLevel: 'warning',
};
/** The build id in-memory servers name their cached defaults by (src/cli/defaults-cache.ts): a hash of every compiled source file. */
function sourceHash(dir = 'dist/src') {
  const hash = createHash('sha256');
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.js')) hash.update(`${p}\0`).update(readFileSync(p)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}
const BUILD_ID = sourceHash();

/**
 * Bundles entry into outfile as the function expression bundle-loader.mjs runs (CommonJS's module
 * wrapper, pure ASCII); returns its content hash, which names its code cache.
 */
async function bundleForLoader(entry, outfile) {
  await build({
    ...common,
    format: 'cjs',
    entryPoints: [entry],
    outfile,
    // The bundle's one import.meta.url (worker-writer.ts locates the write worker next to it).
    define: { 'import.meta.url': '__skiffBundleUrl', __SKIFF_BUILD_ID__: JSON.stringify(BUILD_ID) },
    banner: { js: 'var __skiffBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  // The loader compiles the bundle as a classic script, where import() has no loader: the
  // lazy imports of external packages (they all ship CommonJS too) become require().
  const minified = readFileSync(outfile, 'utf8').replace(/^#!.*/, '').replace(/\bimport\(("(?:@peculiar\/x509|node:[a-z_/]+)")\)/g, 'Promise.resolve().then(() => require($1))');
  // esbuild leaves non-ASCII characters in regular expression literals (µs, μs): as \u escapes
  // the file is pure ASCII, which the loader reads as latin1 (no UTF-8 decoding) and V8 keeps
  // as a one-byte string, half the memory of the two-byte string one non-Latin-1 character forces.
  if (/\\[^\x00-\x7f]/.test(minified)) throw new Error(`${outfile}: an escaped non-ASCII character cannot be rewritten as \\u`);
  const compiled = minified.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // The SQLite write worker runs as CommonJS (dist/write-worker.cjs, built below): a worker
  // started on an ES module boots Node's ESM loader in its isolate first (~45 ms of CPU and
  // its heap), a CommonJS one does not. worker-writer.ts names the worker next to itself.
  const workerUrl = 'new URL("./write-worker.js",__skiffBundleUrl)';
  if (compiled.split(workerUrl).length !== 2) throw new Error(`${outfile}: expected one ${workerUrl}`);
  const withCjsWorker = compiled.replace(workerUrl, 'new URL("./write-worker.cjs",__skiffBundleUrl)');
  const leftover = /\bimport\("[^"]*"\)/.exec(withCjsWorker);
  if (leftover) throw new Error(`${outfile}: ${leftover[0]} cannot run in the loader`);
  // Stored as the function expression the loader calls (CommonJS's module wrapper), so the
  // loader compiles the file's text as it is instead of a wrapped copy of it.
  writeFileSync(outfile, `(function (exports, require, module, __filename, __dirname) {${withCjsWorker}\n})`);
  return createHash('sha256').update(readFileSync(outfile)).digest('hex').slice(0, 16);
}

// The CLI (dist/skiff.mjs) and the package's entry (dist/index.mjs), each with its loader.
const cliHash = await bundleForLoader('dist/src/cli/main.js', 'dist/skiff-bundle.cjs');
const libHash = await bundleForLoader('dist/src/index.js', 'dist/skiff-lib-bundle.cjs');
// Code caches of earlier builds are stale.
for (const f of readdirSync('dist')) if (/^skiff-(lib-)?bundle\.cjs\..*\.cache$/.test(f)) rmSync(`dist/${f}`);
await build({ ...common, format: 'esm', entryPoints: ['scripts/skiff-launcher.mjs'], outfile: 'dist/skiff.mjs', banner: { js: '#!/usr/bin/env node' }, define: { __SKIFF_BUNDLE_HASH__: JSON.stringify(cliHash) } });
await build({ ...common, format: 'esm', entryPoints: ['scripts/skiff-lib.mjs'], outfile: 'dist/index.mjs', define: { __SKIFF_LIB_HASH__: JSON.stringify(libHash) } });
// The SQLite write worker, loaded by URL next to the bundle (see workerUrl above).
await build({ ...common, format: 'cjs', entryPoints: ['dist/src/storage/sqlite/write-worker.js'], outfile: 'dist/write-worker.cjs' });
rmSync('dist/write-worker.js', { force: true });
