// What the snapshot tests share: a load of several kinds (a CRD and its custom resources
// included), writes that keep going while a snapshot is taken, the CLI as a child process,
// and the object-by-object comparison of a restored server with the original one as it
// was at the snapshot's revision.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '../support/server.js';
import { eventually } from '../support/server.js';
import { widgetCrd } from '../support/widget-crd.js';

export const mainJs = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

export const LABEL = 'snapshot-test=loaded';
const NAMESPACES = ['snap-a', 'snap-b', 'snap-c'];
const GROUP = 'snap.example.com';

/** The collections compared after a restore (every one holds only objects the load created). */
export const COLLECTIONS = [
  '/api/v1/namespaces',
  '/api/v1/configmaps',
  '/api/v1/secrets',
  '/api/v1/services',
  `/apis/${GROUP}/v1/widgets`,
];

const labels = { 'snapshot-test': 'loaded' };

const CRD = widgetCrd(GROUP, { spec: { type: 'object', properties: { size: { type: 'integer' }, color: { type: 'string' } } } }, labels);

async function must(s: TestServer, method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<any> {
  const r = await s.request(method, path, { body, headers });
  assert.ok(r.status === 200 || r.status === 201, `${method} ${path}: ${r.status} ${r.text}`);
  return r.json();
}

/** Runs fn over items, `width` at a time. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** About 330 objects: namespaces, configmaps, secrets, services, a CRD and custom resources; some updated. */
async function loadObjects(s: TestServer): Promise<void> {
  for (const ns of NAMESPACES) await must(s, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels } });
  await must(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', CRD);
  await eventually(async () => (await s.request('GET', `/apis/${GROUP}/v1/widgets`)).status === 200, 15_000, 'widgets served');
  const jobs: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < 150; i++) {
    const ns = NAMESPACES[i % 3]!;
    jobs.push(() => must(s, 'POST', `/api/v1/namespaces/${ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, labels }, data: { i: String(i), text: 'x'.repeat(i * 7) } }));
  }
  for (let i = 0; i < 50; i++) {
    const ns = NAMESPACES[i % 3]!;
    jobs.push(() => must(s, 'POST', `/api/v1/namespaces/${ns}/secrets`, { apiVersion: 'v1', kind: 'Secret', metadata: { name: `secret-${i}`, labels }, stringData: { password: `p-${i}` } }));
  }
  for (let i = 0; i < 20; i++) {
    const ns = NAMESPACES[i % 3]!;
    jobs.push(() => must(s, 'POST', `/api/v1/namespaces/${ns}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: `svc-${i}`, labels }, spec: { ports: [{ port: 80 + i }] } }));
  }
  for (let i = 0; i < 100; i++) {
    const ns = NAMESPACES[i % 3]!;
    jobs.push(() => must(s, 'POST', `/apis/${GROUP}/v1/namespaces/${ns}/widgets`, { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: `w-${i}`, labels }, spec: { size: i, color: i % 2 ? 'red' : 'blue' } }));
  }
  await pool(jobs, 8, (job) => job().then(() => undefined));
  // Updates, so resourceVersions differ from creation revisions.
  await pool([...Array(30).keys()], 8, async (i) => {
    await must(s, 'PATCH', `/api/v1/namespaces/${NAMESPACES[i % 3]}/configmaps/cm-${i}`, { data: { updated: 'yes' } }, { 'content-type': 'application/merge-patch+json' });
  });
}

/** Creates and updates objects in the loaded namespaces until stop() is called; count() is the writes made so far. */
function keepWriting(s: TestServer): { count(): number; stop(): Promise<number> } {
  let running = true;
  let writes = 0;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const ns = NAMESPACES[i % 3]!;
      const path = `/api/v1/namespaces/${ns}/configmaps`;
      const r = await s.request('POST', path, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `churn-${i}`, labels }, data: { i: String(i) } } });
      if (r.status === 201) writes++;
      const u = await s.request('PATCH', `/apis/${GROUP}/v1/namespaces/${ns}/widgets/w-${i % 100}`, {
        body: { spec: { size: 1000 + i } },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      if (u.status === 200) writes++;
    }
  })();
  return {
    count: () => writes,
    async stop() {
      running = false;
      await loop;
      return writes;
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real command line: `node main.js snapshot ...` as a child process (asynchronously, so the in-process server keeps serving). */
export function runCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainJs, 'snapshot', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Listing = Map<string, { uid: string; resourceVersion: string; object: any }>;

/**
 * Loads the objects, then runs `skiff snapshot save <saveArgs>` while writes go on, and
 * goes on writing after it, so the server's state moves past the snapshot's revision.
 */
export async function saveWhileWriting(s: TestServer, saveArgs: string[]): Promise<CliResult> {
  await loadObjects(s);
  const churn = keepWriting(s);
  try {
    await eventually(() => churn.count() > 5, 10_000, 'writes under way');
    const saved = await runCli(['save', ...saveArgs]);
    const after = churn.count();
    await eventually(() => churn.count() > after + 2, 10_000, 'writes after the snapshot');
    return saved;
  } finally {
    await churn.stop();
  }
}

/** The loaded objects of every compared collection, keyed by collection and namespace/name. */
export async function listLoaded(s: TestServer, exactRevision?: number): Promise<Listing> {
  const out: Listing = new Map();
  for (const c of COLLECTIONS) {
    const q = new URLSearchParams({ labelSelector: LABEL });
    if (exactRevision !== undefined) {
      q.set('resourceVersion', String(exactRevision));
      q.set('resourceVersionMatch', 'Exact');
    }
    const r = await s.request('GET', `${c}?${q}`);
    assert.equal(r.status, 200, `list ${c}: ${r.text}`);
    for (const item of r.json().items as any[]) {
      const m = item.metadata;
      out.set(`${c} ${m.namespace ?? ''}/${m.name}`, { uid: m.uid, resourceVersion: m.resourceVersion, object: item });
    }
  }
  return out;
}

/** Every object of expected is in actual with the same uid, resourceVersion and content, and nothing else is. */
export function assertSameObjects(actual: Listing, expected: Listing): void {
  const missing = [...expected.keys()].filter((k) => !actual.has(k));
  const extra = [...actual.keys()].filter((k) => !expected.has(k));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, 'the restored server holds exactly the objects of the snapshot');
  for (const [key, want] of expected) {
    const got = actual.get(key)!;
    assert.equal(got.uid, want.uid, `${key} uid`);
    assert.equal(got.resourceVersion, want.resourceVersion, `${key} resourceVersion`);
    assert.deepEqual(got.object, want.object, `${key} content`);
  }
}

/** The largest resourceVersion in a listing. */
export function maxResourceVersion(l: Listing): number {
  return Math.max(...[...l.values()].map((v) => Number(v.resourceVersion)));
}
