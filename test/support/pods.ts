// Pods in a given state for tests that need running, ready or pending pods (skiff runs no kubelet).

import assert from 'node:assert/strict';
import type { TestServer } from './server.js';

export type PodState = 'ready' | 'unready' | 'pending' | 'succeeded';

export async function createPodInState(srv: TestServer, ns: string, name: string, state: PodState, labels: Record<string, string>, ownerReferences?: unknown[]): Promise<any> {
  const metadata: Record<string, unknown> = { name, labels };
  if (ownerReferences) metadata.ownerReferences = ownerReferences;
  const created = await srv.request('POST', `/api/v1/namespaces/${ns}/pods`, { body: { apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [{ name: 'c', image: 'busybox' }] } } });
  assert.equal(created.status, 201, created.text);
  if (state === 'pending') return created.json();
  const status =
    state === 'succeeded'
      ? { phase: 'Succeeded' }
      : { phase: 'Running', conditions: [{ type: 'Ready', status: state === 'ready' ? 'True' : 'False' }] };
  const r = await srv.request('PATCH', `/api/v1/namespaces/${ns}/pods/${name}/status`, { body: { status }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(r.status, 200, r.text);
  return r.json();
}

export async function createNamespace(srv: TestServer, name: string): Promise<void> {
  const r = await srv.request('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
  assert.equal(r.status, 201, r.text);
}

/**
 * The `default` ServiceAccount the ServiceAccount admission plugin requires of every pod,
 * for servers whose serviceaccount controller is off (`controllers: []`).
 */
export async function createDefaultServiceAccount(srv: TestServer, ns: string): Promise<void> {
  const r = await srv.request('POST', `/api/v1/namespaces/${ns}/serviceaccounts`, { body: { metadata: { name: 'default' } } });
  assert.ok(r.status === 201 || r.status === 409, r.text);
}
