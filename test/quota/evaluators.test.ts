// The quota evaluators' rules without a server (k8s.io/kubernetes pkg/quota/v1/evaluator/core
// pods.go, services.go, persistent_volume_claims.go; k8s.io/component-helpers/resource
// PodRequests for the sidecar formula; k8s.io/apiserver pkg/quota/v1/resources.go).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluatorFor, formatScopes, quotaMatches, valueMatches } from '../../src/quota/evaluators.js';
import { podRequests } from '../../src/quota/pod-resources.js';
import { add, formatResourceList, parseResourceList, subtractWithNonNegativeResult } from '../../src/quota/resources.js';

const fmt = (l: ReturnType<typeof parseResourceList>) => formatResourceList(l);

describe('quota evaluators', () => {
  it('scope selector operators over a value (PriorityClass, VolumeAttributesClass)', () => {
    const s = (operator: string, values?: string[]) => ({ scopeName: 'PriorityClass', operator, values });
    assert.equal(valueMatches(s('In', ['a', 'b']), 'a'), true);
    assert.equal(valueMatches(s('In', ['a']), 'c'), false);
    assert.equal(valueMatches(s('In', ['a']), ''), false);
    assert.equal(valueMatches(s('NotIn', ['a']), 'c'), true);
    assert.equal(valueMatches(s('NotIn', ['a']), 'a'), false);
    assert.equal(valueMatches(s('NotIn', ['a']), ''), true, 'an absent value is not in any set');
    assert.equal(valueMatches(s('Exists'), 'x'), true);
    assert.equal(valueMatches(s('Exists'), ''), false);
    assert.equal(valueMatches(s('DoesNotExist'), ''), true);
    assert.equal(valueMatches(s('DoesNotExist'), 'x'), false);
  });

  it('pod scopes: BestEffort looks at cpu and memory of every container; Terminating at activeDeadlineSeconds', () => {
    const pods = evaluatorFor('', 'pods')!;
    const be = { spec: { containers: [{ name: 'a', resources: { requests: { 'example.com/gpu': '1' } } }] } };
    const burst = { spec: { containers: [{ name: 'a' }], initContainers: [{ name: 'i', resources: { limits: { memory: '1Mi' } } }] } };
    assert.equal(pods.matchesScope({ scopeName: 'BestEffort', operator: 'Exists' }, be), true);
    assert.equal(pods.matchesScope({ scopeName: 'NotBestEffort', operator: 'Exists' }, burst), true);
    assert.equal(pods.matchesScope({ scopeName: 'Terminating', operator: 'Exists' }, { spec: { activeDeadlineSeconds: 0 } }), true);
    assert.equal(pods.matchesScope({ scopeName: 'NotTerminating', operator: 'Exists' }, { spec: {} }), true);
    assert.equal(pods.matchesScope({ scopeName: 'VolumeAttributesClass', operator: 'Exists' }, { spec: {} }), false);
  });

  it('claims match the VolumeAttributesClass scope by spec or status class names', () => {
    const pvcs = evaluatorFor('', 'persistentvolumeclaims')!;
    const sel = { scopeName: 'VolumeAttributesClass', operator: 'In', values: ['fast'] };
    assert.equal(pvcs.matchesScope(sel, { spec: { volumeAttributesClassName: 'fast' } }), true);
    assert.equal(pvcs.matchesScope(sel, { spec: {}, status: { modifyVolumeStatus: { targetVolumeAttributesClassName: 'fast' } } }), true);
    assert.equal(pvcs.matchesScope(sel, { spec: { volumeAttributesClassName: 'slow' } }), false);
    const quota = { spec: { scopeSelector: { matchExpressions: [sel] } }, status: { hard: { 'requests.storage': '1Gi' } } };
    assert.equal(quotaMatches(pvcs, quota, { spec: { volumeAttributesClassName: 'fast' } }), true);
    assert.equal(quotaMatches(evaluatorFor('', 'pods')!, { ...quota, status: { hard: { pods: '1' } } }, { spec: {} }), false);
  });

  it('pod requests: sidecars add up, an init container counts with the sidecars before it, the overhead adds', () => {
    const pod = {
      spec: {
        containers: [{ name: 'app', resources: { requests: { cpu: '500m' } } }],
        initContainers: [
          { name: 'side', restartPolicy: 'Always', resources: { requests: { cpu: '200m' } } },
          { name: 'big', resources: { requests: { cpu: '1', memory: '1Gi' } } },
        ],
        overhead: { cpu: '10m' },
      },
    };
    // max(app 500m + side 200m, big 1 + side 200m) + overhead 10m
    assert.deepEqual(fmt(podRequests(pod)), { cpu: '1210m', memory: '1Gi' });
    assert.deepEqual(fmt(podRequests(pod, { excludeOverhead: true })), { cpu: '1200m', memory: '1Gi' });
  });

  it('pod usage: compute, extended and hugepages names; ended pods only count in count/pods', () => {
    const pods = evaluatorFor('', 'pods')!;
    const pod = { spec: { containers: [{ name: 'a', resources: { requests: { cpu: '1', memory: '1Gi', 'example.com/gpu': '2', 'hugepages-2Mi': '4Mi' }, limits: { cpu: '2', memory: '1Gi', 'example.com/gpu': '2', 'hugepages-2Mi': '4Mi' } } }] } };
    assert.deepEqual(fmt(pods.usage(pod, Date.now())), {
      'count/pods': '1', cpu: '1', 'hugepages-2Mi': '4Mi', 'limits.cpu': '2', 'limits.memory': '1Gi', memory: '1Gi', pods: '1',
      'requests.cpu': '1', 'requests.example.com/gpu': '2', 'requests.hugepages-2Mi': '4Mi', 'requests.memory': '1Gi',
    });
    assert.deepEqual(fmt(pods.usage({ ...pod, status: { phase: 'Failed' } }, Date.now())), { 'count/pods': '1' });
    const stuck = { ...pod, metadata: { deletionTimestamp: '2020-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 } };
    assert.deepEqual(fmt(pods.usage(stuck, Date.now())), { 'count/pods': '1' });
    assert.deepEqual(pods.matchingResources(['requests.example.com/gpu', 'example.com/gpu', 'hugepages-1Gi', 'requests.storage', 'count/pods']).sort(), ['count/pods', 'hugepages-1Gi', 'requests.example.com/gpu']);
  });

  it('service usage: node ports per port of NodePort and LoadBalancer services, unless LoadBalancer node ports are not allocated', () => {
    const svc = evaluatorFor('', 'services')!;
    const ports = [{ port: 1 }, { port: 2, nodePort: 30002 }];
    assert.deepEqual(fmt(svc.usage({ spec: { type: 'ClusterIP', ports } }, 0)), { 'count/services': '1', services: '1', 'services.loadbalancers': '0', 'services.nodeports': '0' });
    assert.deepEqual(fmt(svc.usage({ spec: { type: 'NodePort', ports } }, 0))['services.nodeports'], '2');
    assert.deepEqual(fmt(svc.usage({ spec: { type: 'LoadBalancer', ports, allocateLoadBalancerNodePorts: false } }, 0))['services.nodeports'], '1');
  });

  it('object counters: count/<resource>.<group>, the legacy aliases, creates only; events are not counted', () => {
    const deploy = evaluatorFor('apps', 'deployments')!;
    assert.deepEqual(fmt(deploy.usage({}, 0)), { 'count/deployments.apps': '1' });
    assert.equal(deploy.handles('CREATE', ''), true);
    assert.equal(deploy.handles('UPDATE', ''), false);
    assert.deepEqual(fmt(evaluatorFor('', 'secrets')!.usage({}, 0)), { 'count/secrets': '1', secrets: '1' });
    assert.equal(evaluatorFor('', 'events'), undefined);
  });

  it('resource list arithmetic keeps upstream formats: zero takes the other side\'s format, deltas clamp at zero', () => {
    assert.deepEqual(fmt(add(parseResourceList({ memory: '0' }), parseResourceList({ memory: '1Gi' }))), { memory: '1Gi' });
    assert.deepEqual(fmt(subtractWithNonNegativeResult(parseResourceList({ cpu: '1' }), parseResourceList({ cpu: '2', memory: '1Gi' }))), { cpu: '0', memory: '0' });
    assert.equal(formatScopes([{ scopeName: 'PriorityClass', operator: 'In', values: ['a', 'b'] }, { scopeName: 'BestEffort', operator: 'Exists' }]), '[{PriorityClass In [a b]} {BestEffort Exists []}]');
  });
});
