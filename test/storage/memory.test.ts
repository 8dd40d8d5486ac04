// The in-memory store meets the same contract as SQLite and etcd.
import { MemoryStore } from '../../src/storage/memory/memory-store.js';
import { runStoreContract } from './contract.js';

runStoreContract('memory', async () => {
  const store = new MemoryStore({ progressIntervalMs: 50 });
  return { store, cleanup: () => store.close() };
});
