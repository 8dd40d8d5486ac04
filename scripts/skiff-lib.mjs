// The package's entry as shipped (dist/index.mjs, `import { startServer } from 'skiff'`): the
// programmatic API of src/index.ts from its one-file CommonJS bundle (dist/skiff-lib-bundle.cjs),
// run with a V8 code cache (bundle-loader.mjs). Loading the ~400 modules of the unbundled
// output costs every process that imports skiff (every test file of a suite) ~450 ms; the
// bundle with its cache ~90 ms. The embedding process's malloc settings are its own business.

import { fileURLToPath } from 'node:url';
import { runBundle } from './bundle-loader.mjs';

const api = runBundle(fileURLToPath(new URL('./skiff-lib-bundle.cjs', import.meta.url)), __SKIFF_LIB_HASH__);

// The runtime exports of src/index.ts (test/cli/package-entry.test.ts checks the two agree).
export const startServer = api.startServer;
export const MemoryReducer = api.MemoryReducer;
