// Bundles the compiled CLI into one ES module (dist/skiff.mjs): start-up loads one
// file instead of hundreds, which halves module loading time. Native and data-heavy
// packages stay external.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // prom-client is CommonJS that requires Node built-ins at load time: it stays a runtime import.
  external: ['better-sqlite3', '@peculiar/x509', 'js-yaml', '@marcbachmann/cel-js', 'prom-client'],
  logLevel: 'warning',
};
await build({ ...common, entryPoints: ['dist/src/cli/main.js'], outfile: 'dist/skiff.mjs' });
// The SQLite write worker is loaded by URL next to the module that starts it (worker-writer.ts).
await build({ ...common, entryPoints: ['dist/src/storage/sqlite/write-worker.js'], outfile: 'dist/write-worker.js' });
