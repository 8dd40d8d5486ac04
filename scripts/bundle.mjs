// Bundles the compiled CLI into one ES module (dist/skiff.mjs): start-up loads one
// file instead of hundreds, which halves module loading time. Native and data-heavy
// packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/src/cli/main.js'],
  outfile: 'dist/skiff.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // prom-client is CommonJS that requires Node built-ins at load time: it stays a runtime import.
  external: ['better-sqlite3', '@peculiar/x509', 'js-yaml', '@marcbachmann/cel-js', 'prom-client'],
  logLevel: 'warning',
});
