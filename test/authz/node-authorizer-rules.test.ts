// Node authorizer decisions on a hand-built graph (upstream node_authorizer_test.go cases).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeAuthorizer } from '../../src/authz/node/authorizer.js';
import { Graph, vertex } from '../../src/authz/node/graph.js';
import type { Attributes } from '../../src/authz/types.js';

const node = (name: string) => ({ username: `system:node:${name}`, groups: ['system:nodes', 'system:authenticated'] });

function attrs(a: Partial<Attributes> & { verb: string }): Attributes {
  return { user: node('n1'), isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource: '', subresource: '', name: '', ...a };
}

function graph(): Graph {
  const g = new Graph();
  const p1 = vertex('pod', 'ns', 'p1');
  g.set('pod/ns/p1', [
    [p1, vertex('node', '', 'n1')],
    [vertex('secret', 'ns', 's1'), p1],
    [vertex('serviceaccount', 'ns', 'default'), p1],
    [vertex('pvc', 'ns', 'c1'), p1],
  ]);
  g.set('pv/pv1', [[vertex('pv', '', 'pv1'), vertex('pvc', 'ns', 'c1')]]);
  g.set('pod/ns/p2', [[vertex('pod', 'ns', 'p2'), vertex('node', '', 'n2')], [vertex('secret', 'ns', 's2'), vertex('pod', 'ns', 'p2')]]);
  g.set('va/va1', [[vertex('volumeattachment', '', 'va1'), vertex('node', '', 'n1')]]);
  return g;
}

test('graph: paths end at the asking node and never cross another node; removing the owner removes its edges', () => {
  const g = graph();
  assert.equal(g.hasPathToNode(vertex('pv', '', 'pv1'), 'n1'), true);
  assert.equal(g.hasPathToNode(vertex('secret', 'ns', 's2'), 'n1'), false);
  assert.equal(g.hasPathToNode(vertex('secret', 'ns', 'missing'), 'n1'), false);
  // Through a node vertex (n2) one must not reach n1, even if n2 had edges of its own.
  g.set('weird', [[vertex('node', '', 'n2'), vertex('node', '', 'n1')]]);
  assert.equal(g.hasPathToNode(vertex('secret', 'ns', 's2'), 'n1'), false);
  const before = g.edgeCount;
  g.remove('pod/ns/p1');
  assert.equal(g.edgeCount, before - 4);
  assert.equal(g.hasPathToNode(vertex('secret', 'ns', 's1'), 'n1'), false);
});

test('decisions for reads through the graph', async () => {
  const a = new NodeAuthorizer(graph());
  const d = (x: Partial<Attributes> & { verb: string }) => a.decide(attrs(x));
  assert.equal(d({ verb: 'get', resource: 'secrets', namespace: 'ns', name: 's1' }).decision, 'allow');
  assert.equal(d({ verb: 'watch', resource: 'secrets', namespace: 'ns', name: 's1' }).decision, 'allow');
  assert.deepEqual(d({ verb: 'update', resource: 'secrets', namespace: 'ns', name: 's1' }), { decision: 'noOpinion', reason: 'can only read resources of this type' });
  assert.deepEqual(d({ verb: 'list', resource: 'secrets', namespace: 'ns' }), { decision: 'noOpinion', reason: 'No Object name found' });
  assert.equal(d({ verb: 'get', resource: 'persistentvolumes', name: 'pv1' }).decision, 'allow');
  assert.deepEqual(d({ verb: 'list', resource: 'persistentvolumes', name: 'pv1' }), { decision: 'noOpinion', reason: 'can only get individual resources of this type' });
  assert.equal(d({ verb: 'patch', resource: 'persistentvolumeclaims', subresource: 'status', namespace: 'ns', name: 'c1' }).decision, 'allow');
  assert.equal(d({ verb: 'get', apiGroup: 'storage.k8s.io', resource: 'volumeattachments', name: 'va1' }).decision, 'allow');
  assert.equal(d({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'ns', name: 'default' }).decision, 'allow');
  assert.deepEqual(d({ verb: 'create', resource: 'serviceaccounts', namespace: 'ns', name: 'default' }), { decision: 'noOpinion', reason: 'can only create token subresource of serviceaccount' });
  assert.equal(d({ verb: 'get', resource: 'secrets', namespace: 'ns', name: 's2' }).reason, "no relationship found between node 'n1' and this object");
});

test('decisions for leases, CSINodes, resource slices, nodes, pods and the static node rules', () => {
  const a = new NodeAuthorizer(graph());
  const d = (x: Partial<Attributes> & { verb: string }) => a.decide(attrs(x)).decision;
  assert.equal(d({ verb: 'update', apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease', name: 'n1' }), 'allow');
  assert.equal(d({ verb: 'create', apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease' }), 'allow');
  assert.equal(d({ verb: 'update', apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-system', name: 'n1' }), 'noOpinion');
  assert.equal(d({ verb: 'list', apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease' }), 'noOpinion');
  assert.equal(d({ verb: 'delete', apiGroup: 'storage.k8s.io', resource: 'csinodes', name: 'n2' }), 'noOpinion');
  assert.equal(d({ verb: 'delete', apiGroup: 'storage.k8s.io', resource: 'csinodes', name: 'n1' }), 'allow');
  const sliceList = { verb: 'list', apiGroup: 'resource.k8s.io', resource: 'resourceslices' };
  assert.equal(d(sliceList), 'noOpinion');
  assert.equal(d({ ...sliceList, fieldSelector: [{ field: 'nodeName', operator: '=', value: 'n1' }] }), 'allow');
  assert.equal(d({ ...sliceList, fieldSelector: [{ field: 'nodeName', operator: '!=', value: 'n1' }] }), 'noOpinion');
  assert.equal(d({ verb: 'create', apiGroup: 'resource.k8s.io', resource: 'resourceslices' }), 'allow');
  assert.equal(d({ verb: 'delete', resource: 'nodes', name: 'n1' }), 'noOpinion');
  assert.equal(d({ verb: 'patch', resource: 'nodes', subresource: 'status', name: 'n2' }), 'allow', 'NodeRestriction decides');
  assert.equal(d({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'ns', name: 'p2' }), 'allow');
  assert.equal(d({ verb: 'update', resource: 'pods', namespace: 'ns', name: 'p1' }), 'noOpinion');
  assert.equal(d({ verb: 'get', resource: 'pods', namespace: 'ns', name: 'p1' }), 'allow');
  assert.equal(d({ verb: 'get', resource: 'pods', namespace: 'ns', name: 'p2' }), 'noOpinion');
  // Outside the graph: the rules of system:node.
  assert.equal(d({ verb: 'watch', resource: 'services' }), 'allow');
  assert.equal(d({ verb: 'create', resource: 'events', namespace: 'ns' }), 'allow');
  assert.equal(d({ verb: 'create', apiGroup: 'authentication.k8s.io', resource: 'tokenreviews' }), 'allow');
  assert.equal(d({ verb: 'delete', resource: 'services', namespace: 'ns', name: 'x' }), 'noOpinion');
  assert.equal(d({ verb: 'get', isResourceRequest: false, path: '/healthz' }), 'noOpinion');
});

test('only users named system:node:<name> in group system:nodes are nodes; rules reviews are incomplete for them', async () => {
  const a = new NodeAuthorizer(graph());
  const get = { verb: 'get', resource: 'secrets', namespace: 'ns', name: 's1' };
  assert.equal(a.decide(attrs({ ...get, user: { username: 'system:node:n1', groups: ['system:authenticated'] } })).reason, '');
  assert.equal(a.decide(attrs({ ...get, user: { username: 'n1', groups: ['system:nodes'] } })).decision, 'noOpinion');
  assert.deepEqual(a.decide(attrs({ ...get, user: { username: 'system:node:', groups: ['system:nodes'] } })), { decision: 'noOpinion', reason: 'unknown node for user "system:node:"' });
  const r = await a.rulesFor(node('n1'));
  assert.equal(r.incomplete, true);
  assert.equal(r.evaluationError, 'node authorizer does not support user rule resolution');
  assert.equal((await a.rulesFor({ username: 'alice', groups: [] })).incomplete, false);
});
