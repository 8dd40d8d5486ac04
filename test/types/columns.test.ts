// Upstream's printer columns: names, types and priorities per kind, and the cells computed
// for representative objects at a pinned request time.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  columnsFor,
  completeColumns,
  hasNameColumn,
  humanDuration,
  listOrderFor,
  printedKinds,
  rowConditionsFor,
  setTableClock,
  shortHumanDuration,
} from '../../src/types/columns/index.js';
import { CREATED_AT_DESCRIPTION, NAME_COLUMN_DESCRIPTION } from '../../src/encoding/table.js';
import type { Obj, TableColumn } from '../../src/types/kind.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
setTableClock(() => NOW);
after(() => setTableClock(undefined));

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

/** An RFC 3339 timestamp `ms` before the pinned now. */
function ago(ms: number): string {
  return new Date(NOW - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function cols(group: string, kind: string): TableColumn[] {
  const c = columnsFor(group, kind);
  assert.ok(c, `${group}/${kind} has printer columns`);
  return completeColumns(c);
}

/** The row as upstream's Table would carry it: column name → cell. */
function row(group: string, kind: string, obj: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cols(group, kind)) out[c.name] = c.cell(obj);
  return out;
}

/** Column names as kubectl shows them: upper case, wide ones marked with "*". */
function header(group: string, kind: string): string {
  return cols(group, kind)
    .map((c) => (c.priority === 0 ? c.name.toUpperCase() : `*${c.name.toUpperCase()}`))
    .join(' ');
}

test('humanDuration matches apimachinery HumanDuration', () => {
  const cases: [number, string][] = [
    [-3 * S, '<invalid>'],
    [-1500, '0s'],
    [0, '0s'],
    [59 * S, '59s'],
    [119 * S, '119s'],
    [2 * M, '2m'],
    [5 * M + 3 * S, '5m3s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M + 30 * S, '10m'],
    [179 * M, '179m'],
    [3 * H, '3h'],
    [3 * H + 20 * M, '3h20m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H + 30 * M, '8h'],
    [47 * H, '47h'],
    [2 * D, '2d'],
    [2 * D + 3 * H, '2d3h'],
    [7 * D + 23 * H, '7d23h'],
    [8 * D, '8d'],
    [729 * D, '729d'],
    [730 * D, '2y'],
    [730 * D + 12 * D, '2y12d'],
    [8 * 365 * D, '8y'],
    [20 * 365 * D + 40 * D, '20y'],
  ];
  for (const [ms, want] of cases) assert.equal(humanDuration(ms), want, `humanDuration(${ms})`);
});

test('shortHumanDuration matches apimachinery ShortHumanDuration', () => {
  const cases: [number, string][] = [
    [-5 * S, '<invalid>'],
    [-1 * S, '0s'],
    [59 * S, '59s'],
    [5 * M + 59 * S, '5m'],
    [23 * H + 59 * M, '23h'],
    [364 * D, '364d'],
    [365 * D, '1y'],
  ];
  for (const [ms, want] of cases) assert.equal(shortHumanDuration(ms), want, `shortHumanDuration(${ms})`);
});

test('column names and priorities per kind are upstream\'s', () => {
  const expected: [string, string, string][] = [
    ['', 'Pod', 'NAME READY STATUS RESTARTS AGE *IP *NODE *NOMINATED NODE *READINESS GATES'],
    ['', 'PodTemplate', 'NAME CONTAINERS IMAGES POD LABELS'],
    ['', 'ReplicationController', 'NAME DESIRED CURRENT READY AGE *CONTAINERS *IMAGES *SELECTOR'],
    ['', 'Service', 'NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE *SELECTOR'],
    ['', 'Endpoints', 'NAME ENDPOINTS AGE'],
    ['', 'Node', 'NAME STATUS ROLES AGE VERSION *INTERNAL-IP *EXTERNAL-IP *OS-IMAGE *KERNEL-VERSION *CONTAINER-RUNTIME'],
    ['', 'Event', 'LAST SEEN TYPE REASON OBJECT *SUBOBJECT *SOURCE MESSAGE *FIRST SEEN *COUNT *NAME'],
    ['events.k8s.io', 'Event', 'LAST SEEN TYPE REASON OBJECT *SUBOBJECT *SOURCE MESSAGE *FIRST SEEN *COUNT *NAME'],
    ['', 'Namespace', 'NAME STATUS AGE'],
    ['', 'Secret', 'NAME TYPE DATA AGE'],
    ['', 'ServiceAccount', 'NAME SECRETS AGE'],
    ['', 'PersistentVolume', 'NAME CAPACITY ACCESS MODES RECLAIM POLICY STATUS CLAIM STORAGECLASS VOLUMEATTRIBUTESCLASS REASON AGE *VOLUMEMODE'],
    ['', 'PersistentVolumeClaim', 'NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE *VOLUMEMODE'],
    ['', 'ComponentStatus', 'NAME STATUS MESSAGE ERROR'],
    ['', 'ConfigMap', 'NAME DATA AGE'],
    ['', 'ResourceQuota', 'NAME REQUEST LIMIT AGE'],
    ['apps', 'Deployment', 'NAME READY UP-TO-DATE AVAILABLE AGE *CONTAINERS *IMAGES *SELECTOR'],
    ['apps', 'ReplicaSet', 'NAME DESIRED CURRENT READY AGE *CONTAINERS *IMAGES *SELECTOR'],
    ['apps', 'DaemonSet', 'NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE *CONTAINERS *IMAGES *SELECTOR'],
    ['apps', 'StatefulSet', 'NAME READY AGE *CONTAINERS *IMAGES'],
    ['apps', 'ControllerRevision', 'NAME CONTROLLER REVISION AGE'],
    ['batch', 'Job', 'NAME STATUS COMPLETIONS DURATION AGE *CONTAINERS *IMAGES *SELECTOR'],
    ['batch', 'CronJob', 'NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE *CONTAINERS *IMAGES *SELECTOR'],
    ['autoscaling', 'HorizontalPodAutoscaler', 'NAME REFERENCE TARGETS MINPODS MAXPODS REPLICAS AGE'],
    ['policy', 'PodDisruptionBudget', 'NAME MIN AVAILABLE MAX UNAVAILABLE ALLOWED DISRUPTIONS AGE'],
    ['networking.k8s.io', 'Ingress', 'NAME CLASS HOSTS ADDRESS PORTS AGE'],
    ['networking.k8s.io', 'IngressClass', 'NAME CONTROLLER PARAMETERS AGE'],
    ['networking.k8s.io', 'NetworkPolicy', 'NAME POD-SELECTOR AGE'],
    ['networking.k8s.io', 'ServiceCIDR', 'NAME CIDRS AGE'],
    ['networking.k8s.io', 'IPAddress', 'NAME PARENTREF'],
    ['rbac.authorization.k8s.io', 'RoleBinding', 'NAME ROLE AGE *USERS *GROUPS *SERVICEACCOUNTS'],
    ['rbac.authorization.k8s.io', 'ClusterRoleBinding', 'NAME ROLE AGE *USERS *GROUPS *SERVICEACCOUNTS'],
    ['certificates.k8s.io', 'CertificateSigningRequest', 'NAME AGE SIGNERNAME REQUESTOR REQUESTEDDURATION CONDITION'],
    ['certificates.k8s.io', 'ClusterTrustBundle', 'NAME SIGNERNAME'],
    ['coordination.k8s.io', 'Lease', 'NAME HOLDER AGE'],
    ['coordination.k8s.io', 'LeaseCandidate', 'NAME LEASENAME BINARYVERSION EMULATIONVERSION AGE'],
    ['storage.k8s.io', 'StorageClass', 'NAME PROVISIONER RECLAIMPOLICY VOLUMEBINDINGMODE ALLOWVOLUMEEXPANSION AGE'],
    ['storage.k8s.io', 'VolumeAttributesClass', 'NAME DRIVERNAME AGE'],
    ['storage.k8s.io', 'VolumeAttachment', 'NAME ATTACHER PV NODE ATTACHED AGE'],
    ['storage.k8s.io', 'CSINode', 'NAME DRIVERS AGE'],
    ['storage.k8s.io', 'CSIDriver', 'NAME ATTACHREQUIRED PODINFOONMOUNT STORAGECAPACITY TOKENREQUESTS REQUIRESREPUBLISH MODES AGE'],
    ['scheduling.k8s.io', 'PriorityClass', 'NAME VALUE GLOBAL-DEFAULT AGE PREEMPTIONPOLICY'],
    ['node.k8s.io', 'RuntimeClass', 'NAME HANDLER AGE'],
    ['discovery.k8s.io', 'EndpointSlice', 'NAME ADDRESSTYPE PORTS ENDPOINTS AGE'],
    ['admissionregistration.k8s.io', 'MutatingWebhookConfiguration', 'NAME WEBHOOKS AGE'],
    ['admissionregistration.k8s.io', 'ValidatingWebhookConfiguration', 'NAME WEBHOOKS AGE'],
    ['admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', 'NAME VALIDATIONS PARAMKIND AGE'],
    ['admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', 'NAME POLICYNAME PARAMREF AGE'],
    ['admissionregistration.k8s.io', 'MutatingAdmissionPolicy', 'NAME MUTATIONS PARAMKIND AGE'],
    ['admissionregistration.k8s.io', 'MutatingAdmissionPolicyBinding', 'NAME POLICYNAME PARAMREF AGE'],
    ['flowcontrol.apiserver.k8s.io', 'FlowSchema', 'NAME PRIORITYLEVEL MATCHINGPRECEDENCE DISTINGUISHERMETHOD AGE MISSINGPL'],
    [
      'flowcontrol.apiserver.k8s.io',
      'PriorityLevelConfiguration',
      'NAME TYPE NOMINALCONCURRENCYSHARES QUEUES HANDSIZE QUEUELENGTHLIMIT AGE',
    ],
    ['resource.k8s.io', 'DeviceClass', 'NAME AGE'],
    ['resource.k8s.io', 'ResourceClaim', 'NAME STATE AGE'],
    ['resource.k8s.io', 'ResourceClaimTemplate', 'NAME AGE'],
    ['resource.k8s.io', 'ResourceSlice', 'NAME NODE DRIVER POOL AGE'],
    ['apiregistration.k8s.io', 'APIService', 'NAME SERVICE AVAILABLE AGE'],
    ['internal.apiserver.k8s.io', 'StorageVersion', 'NAME COMMONENCODINGVERSION STORAGEVERSIONS AGE'],
    ['storagemigration.k8s.io', 'StorageVersionMigration', 'NAME RESOURCE'],
  ];
  for (const [group, kind, want] of expected) assert.equal(header(group, kind), want, `${group}/${kind}`);
  assert.equal(printedKinds().length, expected.length, 'every printed kind is checked');
});

test('column types and formats follow upstream', () => {
  const types = (group: string, kind: string): string => cols(group, kind).map((c) => `${c.type}${c.format ? `:${c.format}` : ''}`).join(' ');
  assert.equal(types('', 'Pod'), 'string:name string string string string string string string string');
  assert.equal(types('', 'ReplicationController'), 'string:name integer integer integer string string string string');
  assert.equal(types('batch', 'CronJob'), 'string:name string string boolean integer string string string string string');
  assert.equal(types('storage.k8s.io', 'VolumeAttachment'), 'string:name string:name string string boolean string');
  assert.equal(types('storagemigration.k8s.io', 'StorageVersionMigration'), 'string string');
  assert.equal(types('scheduling.k8s.io', 'PriorityClass'), 'string:name integer boolean string string');
});

test('Name and Age descriptions are the ObjectMeta docs the default table uses', () => {
  for (const [group, kind] of printedKinds()) {
    for (const c of cols(group, kind)) {
      if (c.name === 'Name') assert.equal(c.description, NAME_COLUMN_DESCRIPTION, `${group}/${kind} Name`);
      if (c.name === 'Age') assert.equal(c.description, CREATED_AT_DESCRIPTION, `${group}/${kind} Age`);
    }
  }
  assert.match(cols('', 'Pod')[5]!.description, /^podIP address allocated to the pod/);
});

test('kinds without a printer keep the default table', () => {
  for (const [group, kind] of [
    ['', 'LimitRange'],
    ['rbac.authorization.k8s.io', 'Role'],
    ['rbac.authorization.k8s.io', 'ClusterRole'],
    ['apiextensions.k8s.io', 'CustomResourceDefinition'],
    ['storage.k8s.io', 'CSIStorageCapacity'],
    ['', 'Binding'],
    ['example.com', 'Widget'],
    ['', 'toString'],
  ] as const) {
    assert.equal(columnsFor(group, kind), undefined, `${group}/${kind}`);
  }
});

test('every printer yields one cell per column for an empty object', () => {
  for (const [group, kind] of printedKinds()) {
    for (const c of cols(group, kind)) {
      const cell = c.cell({ metadata: { name: 'x' } });
      assert.ok(cell !== undefined, `${group}/${kind} ${c.name}`);
      assert.ok(['string', 'number', 'boolean'].includes(typeof cell), `${group}/${kind} ${c.name}: ${typeof cell}`);
    }
  }
  const empty = row('', 'Pod', { metadata: { name: 'p' } });
  assert.deepEqual(empty, {
    Name: 'p', Ready: '0/0', Status: '', Restarts: '0', Age: '<unknown>', IP: '<none>', Node: '<none>',
    'Nominated Node': '<none>', 'Readiness Gates': '<none>',
  });
});

// ---------------------------------------------------------------------------
// Pods
// ---------------------------------------------------------------------------

function runningPod(): Obj {
  return {
    metadata: { name: 'web-0', namespace: 'default', creationTimestamp: ago(2 * D + 3 * H) },
    spec: { nodeName: 'node-a', containers: [{ name: 'app', image: 'nginx' }, { name: 'side', image: 'busybox' }] },
    status: {
      phase: 'Running',
      podIPs: [{ ip: '10.0.0.7' }, { ip: 'fd00::7' }],
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [
        { name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: ago(2 * D) } } },
        {
          name: 'side', ready: false, restartCount: 3,
          state: { running: { startedAt: ago(4 * M) } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago(5 * M) } },
        },
      ],
    },
  };
}

test('pod: two containers, one ready, three restarts five minutes ago', () => {
  assert.deepEqual(row('', 'Pod', runningPod()), {
    Name: 'web-0', Ready: '1/2', Status: 'Running', Restarts: '3 (5m ago)', Age: '2d3h',
    IP: '10.0.0.7', Node: 'node-a', 'Nominated Node': '<none>', 'Readiness Gates': '<none>',
  });
});

test('pod STATUS reasons', () => {
  const status = (pod: Obj): unknown => row('', 'Pod', pod)['Status'];
  const base = (): Obj => runningPod();

  const crash = base();
  crash.status.containerStatuses[1].state = { waiting: { reason: 'CrashLoopBackOff' } };
  assert.equal(status(crash), 'CrashLoopBackOff');

  const exited = base();
  exited.status.containerStatuses[1].state = { terminated: { exitCode: 2 } };
  assert.equal(status(exited), 'ExitCode:2');
  exited.status.containerStatuses[1].state = { terminated: { exitCode: 137, signal: 9 } };
  assert.equal(status(exited), 'Signal:9');

  const completedWithRunning = base();
  completedWithRunning.status.containerStatuses[1].state = { terminated: { exitCode: 0, reason: 'Completed' } };
  completedWithRunning.status.containerStatuses.reverse();
  assert.equal(status(completedWithRunning), 'NotReady');
  completedWithRunning.status.conditions = [{ type: 'Ready', status: 'True' }];
  assert.equal(status(completedWithRunning), 'Running');

  const terminating = base();
  terminating.metadata.deletionTimestamp = ago(10 * S);
  assert.equal(status(terminating), 'Terminating');
  terminating.status.reason = 'NodeLost';
  assert.equal(status(terminating), 'Unknown');
  const finished = base();
  finished.metadata.deletionTimestamp = ago(10 * S);
  finished.status.phase = 'Succeeded';
  finished.status.containerStatuses = [];
  assert.equal(status(finished), 'Succeeded');

  const gated: Obj = { metadata: { name: 'g' }, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } };
  assert.equal(status(gated), 'SchedulingGated');

  const evicted: Obj = { metadata: { name: 'e' }, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Failed', reason: 'Evicted' } };
  assert.equal(status(evicted), 'Evicted');
});

test('pod init containers: Init:x/y, Init:<reason>, sidecars counted as containers', () => {
  const pod: Obj = {
    metadata: { name: 'i', creationTimestamp: ago(30 * S) },
    spec: {
      initContainers: [{ name: 'setup' }, { name: 'proxy', restartPolicy: 'Always' }, { name: 'migrate' }],
      containers: [{ name: 'app' }],
    },
    status: {
      phase: 'Pending',
      initContainerStatuses: [
        { name: 'setup', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
        { name: 'proxy', ready: true, started: true, restartCount: 1, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: ago(20 * S) } } },
        { name: 'migrate', ready: false, restartCount: 0, state: { running: {} } },
      ],
      containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
    },
  };
  let r = row('', 'Pod', pod);
  assert.equal(r['Status'], 'Init:2/3');
  assert.equal(r['Ready'], '1/2');
  assert.equal(r['Restarts'], '1 (20s ago)');

  pod.status.initContainerStatuses[2].state = { waiting: { reason: 'ImagePullBackOff' } };
  assert.equal(row('', 'Pod', pod)['Status'], 'Init:ImagePullBackOff');
  pod.status.initContainerStatuses[2].state = { terminated: { exitCode: 3, reason: 'Error' } };
  assert.equal(row('', 'Pod', pod)['Status'], 'Init:Error');
  pod.status.initContainerStatuses[2].state = { terminated: { exitCode: 3 } };
  assert.equal(row('', 'Pod', pod)['Status'], 'Init:ExitCode:3');

  // Once initialized, the main containers decide and sidecar restarts still count.
  pod.status.initContainerStatuses[2].state = { terminated: { exitCode: 0, reason: 'Completed' } };
  pod.status.containerStatuses[0] = { name: 'app', ready: true, restartCount: 2, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: ago(90 * S) } } };
  r = row('', 'Pod', pod);
  assert.equal(r['Status'], 'Pending');
  assert.equal(r['Ready'], '2/2');
  assert.equal(r['Restarts'], '3 (20s ago)');
});

test('pod readiness gates, nominated node and row conditions', () => {
  const pod = runningPod();
  pod.spec.readinessGates = [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/dns' }];
  pod.status.conditions.push({ type: 'example.com/lb', status: 'True' }, { type: 'example.com/dns', status: 'False' });
  pod.status.nominatedNodeName = 'node-b';
  const r = row('', 'Pod', pod);
  assert.equal(r['Readiness Gates'], '1/2');
  assert.equal(r['Nominated Node'], 'node-b');

  const conditions = rowConditionsFor('', 'Pod');
  assert.ok(conditions);
  assert.equal(conditions(pod), undefined);
  assert.deepEqual(conditions({ status: { phase: 'Succeeded' } }), [
    { type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' },
  ]);
  assert.deepEqual(conditions({ status: { phase: 'Failed' } }), [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }]);
  assert.equal(rowConditionsFor('apps', 'Deployment'), undefined);
});

// ---------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------

test('deployment, replicaset, statefulset, daemonset', () => {
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }, { name: 'log', image: 'fluent' }] } };
  const deploy: Obj = {
    metadata: { name: 'web', creationTimestamp: ago(45 * M) },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web', tier: 'fe' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }, { key: 'canary', operator: 'DoesNotExist' }] },
      template,
    },
    status: { replicas: 3, readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
  };
  assert.deepEqual(row('apps', 'Deployment', deploy), {
    Name: 'web', Ready: '2/3', 'Up-to-date': 3, Available: 2, Age: '45m',
    Containers: 'web,log', Images: 'nginx:1.27,fluent', Selector: 'app=web,!canary,env in (dev,prod),tier=fe',
  });
  assert.equal(row('apps', 'Deployment', { metadata: { name: 'x' }, spec: {} })['Ready'], '0/1');
  assert.equal(row('apps', 'Deployment', { metadata: { name: 'x' }, spec: { selector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } } })['Selector'], '<invalid>');

  const rs: Obj = { metadata: { name: 'web-5d9', creationTimestamp: ago(90 * S) }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template }, status: { replicas: 2, readyReplicas: 1 } };
  assert.deepEqual(row('apps', 'ReplicaSet', rs), {
    Name: 'web-5d9', Desired: 2, Current: 2, Ready: 1, Age: '90s', Containers: 'web,log', Images: 'nginx:1.27,fluent', Selector: 'app=web',
  });
  assert.equal(row('apps', 'ReplicaSet', { metadata: { name: 'x' }, spec: { selector: {} } })['Selector'], '<none>');

  const sts: Obj = { metadata: { name: 'db', creationTimestamp: ago(3 * H) }, spec: { replicas: 3, template }, status: { readyReplicas: 3 } };
  assert.deepEqual(row('apps', 'StatefulSet', sts), { Name: 'db', Ready: '3/3', Age: '3h', Containers: 'web,log', Images: 'nginx:1.27,fluent' });

  const ds: Obj = {
    metadata: { name: 'agent', creationTimestamp: ago(10 * D) },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' }, containers: [{ name: 'a', image: 'agent:1' }] } } },
    status: { desiredNumberScheduled: 4, currentNumberScheduled: 4, numberReady: 3, updatedNumberScheduled: 4, numberAvailable: 3 },
  };
  assert.deepEqual(row('apps', 'DaemonSet', ds), {
    Name: 'agent', Desired: 4, Current: 4, Ready: 3, 'Up-to-date': 4, Available: 3, 'Node Selector': 'kubernetes.io/os=linux',
    Age: '10d', Containers: 'a', Images: 'agent:1', Selector: 'app=agent',
  });

  const cr: Obj = {
    metadata: { name: 'agent-7f', creationTimestamp: ago(10 * D), ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', controller: true }] },
    revision: 4,
  };
  assert.deepEqual(row('apps', 'ControllerRevision', cr), { Name: 'agent-7f', Controller: 'daemonset.apps/agent', Revision: 4, Age: '10d' });
  assert.equal(row('apps', 'ControllerRevision', { metadata: { name: 'x' } })['Controller'], '<none>');
});

test('replicationcontroller and podtemplate', () => {
  const rc: Obj = {
    metadata: { name: 'old', creationTimestamp: ago(400 * D) },
    spec: { replicas: 2, selector: { b: '2', a: '1' }, template: { metadata: { labels: { a: '1', b: '2' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    status: { replicas: 2, readyReplicas: 2 },
  };
  assert.deepEqual(row('', 'ReplicationController', rc), { Name: 'old', Desired: 2, Current: 2, Ready: 2, Age: '400d', Containers: 'c', Images: 'i', Selector: 'a=1,b=2' });
  const pt: Obj = { metadata: { name: 't' }, template: rc.spec.template };
  assert.deepEqual(row('', 'PodTemplate', pt), { Name: 't', Containers: 'c', Images: 'i', 'Pod Labels': 'a=1,b=2' });
  assert.equal(row('', 'PodTemplate', { metadata: { name: 't' } })['Pod Labels'], '<none>');
});

test('job and cronjob', () => {
  const job: Obj = {
    metadata: { name: 'pi', creationTimestamp: ago(10 * M) },
    spec: { completions: 1, parallelism: 1, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } }, template: { spec: { containers: [{ name: 'pi', image: 'perl' }] } } },
    status: { succeeded: 1, startTime: ago(10 * M), completionTime: ago(10 * M - 42 * S), conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }] },
  };
  assert.deepEqual(row('batch', 'Job', job), {
    Name: 'pi', Status: 'Complete', Completions: '1/1', Duration: '42s', Age: '10m',
    Containers: 'pi', Images: 'perl', Selector: 'batch.kubernetes.io/controller-uid=u1',
  });

  const running: Obj = { metadata: { name: 'work', creationTimestamp: ago(6 * M) }, spec: { parallelism: 3 }, status: { succeeded: 1, startTime: ago(5 * M + 30 * S) } };
  let r = row('batch', 'Job', running);
  assert.equal(r['Status'], 'Running');
  assert.equal(r['Completions'], '1/1 of 3');
  assert.equal(r['Duration'], '5m30s');
  assert.equal(row('batch', 'Job', { metadata: { name: 'n' }, spec: {} })['Duration'], '');
  running.status.conditions = [{ type: 'Suspended', status: 'True' }];
  assert.equal(row('batch', 'Job', running)['Status'], 'Suspended');
  running.metadata.deletionTimestamp = ago(1 * S);
  assert.equal(row('batch', 'Job', running)['Status'], 'Terminating');
  running.status.conditions = [{ type: 'Failed', status: 'True' }];
  assert.equal(row('batch', 'Job', running)['Status'], 'Failed');

  const cj: Obj = {
    metadata: { name: 'nightly', creationTimestamp: ago(3 * D) },
    spec: { schedule: '0 2 * * *', suspend: false, jobTemplate: { spec: { template: { spec: { containers: [{ name: 'backup', image: 'tool' }] } } } } },
    status: { active: [{ name: 'nightly-1' }], lastScheduleTime: ago(5 * M) },
  };
  assert.deepEqual(row('batch', 'CronJob', cj), {
    Name: 'nightly', Schedule: '0 2 * * *', Timezone: '<none>', Suspend: 'False', Active: 1, 'Last Schedule': '5m', Age: '3d',
    Containers: 'backup', Images: 'tool', Selector: '<none>',
  });
  cj.spec.timeZone = 'Europe/Paris';
  delete cj.spec.suspend;
  delete cj.status.lastScheduleTime;
  r = row('batch', 'CronJob', cj);
  assert.equal(r['Timezone'], 'Europe/Paris');
  assert.equal(r['Suspend'], '<unset>');
  assert.equal(r['Last Schedule'], '<none>');
});

// ---------------------------------------------------------------------------
// Services and networking
// ---------------------------------------------------------------------------

test('service with ports, load balancers and external names', () => {
  const svc: Obj = {
    metadata: { name: 'web', creationTimestamp: ago(25 * H) },
    spec: {
      type: 'NodePort', clusterIP: '10.96.0.12', clusterIPs: ['10.96.0.12', 'fd00::12'],
      ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }, { port: 53, protocol: 'UDP' }],
      selector: { app: 'web' },
    },
  };
  assert.deepEqual(row('', 'Service', svc), {
    Name: 'web', Type: 'NodePort', 'Cluster-IP': '10.96.0.12', 'External-IP': '<none>', 'Port(s)': '80:30080/TCP,53/UDP', Age: '25h', Selector: 'app=web',
  });

  const lb: Obj = { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', clusterIPs: ['10.96.0.20'], ports: [{ port: 443, protocol: 'TCP', nodePort: 31443 }] } };
  assert.equal(row('', 'Service', lb)['External-IP'], '<pending>');
  lb.status = { loadBalancer: { ingress: [{ ip: '203.0.113.9' }, { hostname: 'a-very-long-load-balancer-name.example.com' }, { ip: '203.0.113.9' }] } };
  assert.equal(row('', 'Service', lb)['External-IP'], '203.0.113.9,a-very-long-load-balancer-name.example.com');
  lb.spec.externalIPs = ['198.51.100.1'];
  assert.equal(row('', 'Service', lb)['External-IP'], '203.0.113.9,a-very-long-load-balancer-name.example.com,198.51.100.1');

  const headless: Obj = { metadata: { name: 'h' }, spec: { type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], externalIPs: ['1.2.3.4', '5.6.7.8'] } };
  const r = row('', 'Service', headless);
  assert.equal(r['Cluster-IP'], 'None');
  assert.equal(r['External-IP'], '1.2.3.4,5.6.7.8');
  assert.equal(r['Port(s)'], '<none>');
  assert.equal(r['Selector'], '<none>');

  const ext: Obj = { metadata: { name: 'x' }, spec: { type: 'ExternalName', externalName: 'db.example.com' } };
  assert.equal(row('', 'Service', ext)['External-IP'], 'db.example.com');
  assert.equal(row('', 'Service', ext)['Cluster-IP'], '<none>');
});

test('endpoints and endpointslices', () => {
  const ep: Obj = {
    metadata: { name: 'web', creationTimestamp: ago(1 * H) },
    subsets: [
      { addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] },
      { addresses: [{ ip: 'fd00::3' }], ports: [{ port: 8080 }] },
    ],
  };
  assert.equal(row('', 'Endpoints', ep)['Endpoints'], '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 2 more...');
  assert.equal(row('', 'Endpoints', { metadata: { name: 'e' }, subsets: [{ addresses: [{ ip: 'fd00::3' }], ports: [{ port: 8080 }] }] })['Endpoints'], '[fd00::3]:8080');
  assert.equal(row('', 'Endpoints', { metadata: { name: 'e' }, subsets: [{ addresses: [{ ip: '10.0.0.9' }] }] })['Endpoints'], '10.0.0.9');
  assert.equal(row('', 'Endpoints', { metadata: { name: 'e' } })['Endpoints'], '<none>');

  const slice: Obj = {
    metadata: { name: 'web-abc', creationTimestamp: ago(1 * H) },
    addressType: 'IPv4',
    ports: [{ port: 80 }, { name: 'metrics' }, {}, { port: 9000 }],
    endpoints: [{ addresses: ['10.0.0.1'] }, { addresses: ['10.0.0.2', '10.0.0.3'] }],
  };
  assert.deepEqual(row('discovery.k8s.io', 'EndpointSlice', slice), {
    Name: 'web-abc', AddressType: 'IPv4', Ports: '80,metrics,* + 1 more...', Endpoints: '10.0.0.1,10.0.0.2,10.0.0.3', Age: '60m',
  });
  assert.equal(row('discovery.k8s.io', 'EndpointSlice', { metadata: { name: 's' } })['Ports'], '<unset>');
});

test('ingress and ingressclass', () => {
  const ing: Obj = {
    metadata: { name: 'site', creationTimestamp: ago(7 * M) },
    spec: {
      ingressClassName: 'nginx',
      rules: [{ host: 'a.example.com' }, {}, { host: 'b.example.com' }, { host: 'c.example.com' }, { host: 'd.example.com' }],
      tls: [{ hosts: ['a.example.com'] }],
    },
    status: { loadBalancer: { ingress: [{ ip: '192.0.2.10' }, { hostname: 'lb.example.com' }] } },
  };
  assert.deepEqual(row('networking.k8s.io', 'Ingress', ing), {
    Name: 'site', Class: 'nginx', Hosts: 'a.example.com,b.example.com,c.example.com + 2 more...', Address: '192.0.2.10,lb.example.com', Ports: '80, 443', Age: '7m',
  });
  const bare: Obj = { metadata: { name: 'b' }, spec: { defaultBackend: { service: { name: 's', port: { number: 80 } } } } };
  const r = row('networking.k8s.io', 'Ingress', bare);
  assert.equal(r['Class'], '<none>');
  assert.equal(r['Hosts'], '*');
  assert.equal(r['Address'], '');
  assert.equal(r['Ports'], '80');

  const ic: Obj = { metadata: { name: 'nginx' }, spec: { controller: 'k8s.io/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'p' } } };
  assert.equal(row('networking.k8s.io', 'IngressClass', ic)['Parameters'], 'IngressParameters.k8s.example.com/p');
  assert.equal(row('networking.k8s.io', 'IngressClass', { metadata: { name: 'x' }, spec: { controller: 'c' } })['Parameters'], '<none>');
});

test('networkpolicy, servicecidr, ipaddress', () => {
  assert.equal(row('networking.k8s.io', 'NetworkPolicy', { metadata: { name: 'deny' }, spec: { podSelector: {} } })['Pod-Selector'], '<none>');
  assert.equal(row('networking.k8s.io', 'NetworkPolicy', { metadata: { name: 'np' }, spec: { podSelector: { matchLabels: { role: 'db' } } } })['Pod-Selector'], 'role=db');
  assert.equal(row('networking.k8s.io', 'ServiceCIDR', { metadata: { name: 'kubernetes' }, spec: { cidrs: ['10.96.0.0/12', 'fd00::/108'] } })['CIDRs'], '10.96.0.0/12,fd00::/108');
  assert.equal(
    row('networking.k8s.io', 'IPAddress', { metadata: { name: '10.96.0.1' }, spec: { parentRef: { group: '', resource: 'Services', namespace: 'default', name: 'kubernetes' } } })['ParentRef'],
    'services/default/kubernetes',
  );
  assert.equal(
    row('networking.k8s.io', 'IPAddress', { metadata: { name: 'x' }, spec: { parentRef: { group: 'gateway.networking.k8s.io', resource: 'gateways', name: 'g' } } })['ParentRef'],
    'gateways.gateway.networking.k8s.io/g',
  );
});

// ---------------------------------------------------------------------------
// Nodes, namespaces, config
// ---------------------------------------------------------------------------

test('node status, roles, version and wide cells', () => {
  const node: Obj = {
    metadata: {
      name: 'cp-1', creationTimestamp: ago(100 * D),
      labels: { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/etcd': 'true', 'kubernetes.io/role': 'master', 'node-role.kubernetes.io/': 'x' },
    },
    spec: { unschedulable: true },
    status: {
      conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }],
      addresses: [{ type: 'Hostname', address: 'cp-1' }, { type: 'InternalIP', address: '192.168.1.10' }, { type: 'InternalIP', address: '192.168.1.11' }],
      nodeInfo: { kubeletVersion: 'v1.34.1', osImage: 'Debian GNU/Linux 12 (bookworm)', containerRuntimeVersion: 'containerd://2.1.0' },
    },
  };
  assert.deepEqual(row('', 'Node', node), {
    Name: 'cp-1', Status: 'Ready,SchedulingDisabled', Roles: 'control-plane,etcd,master', Age: '100d', Version: 'v1.34.1',
    'Internal-IP': '192.168.1.10', 'External-IP': '<none>', 'OS-Image': 'Debian GNU/Linux 12 (bookworm)', 'Kernel-Version': '<unknown>',
    'Container-Runtime': 'containerd://2.1.0',
  });
  node.status.conditions = [{ type: 'Ready', status: 'Unknown' }];
  node.spec = {};
  assert.equal(row('', 'Node', node)['Status'], 'NotReady');
  assert.equal(row('', 'Node', { metadata: { name: 'n' } })['Status'], 'Unknown');
  assert.equal(row('', 'Node', { metadata: { name: 'n' } })['Roles'], '<none>');
});

test('namespace, secret, serviceaccount, configmap, componentstatus, resourcequota', () => {
  assert.deepEqual(row('', 'Namespace', { metadata: { name: 'dev', creationTimestamp: ago(5 * S) }, status: { phase: 'Active' } }), { Name: 'dev', Status: 'Active', Age: '5s' });
  assert.deepEqual(row('', 'Secret', { metadata: { name: 's', creationTimestamp: ago(3 * M) }, type: 'Opaque', data: { a: 'eA==', b: 'eQ==' } }), { Name: 's', Type: 'Opaque', Data: 2, Age: '3m' });
  assert.deepEqual(row('', 'ServiceAccount', { metadata: { name: 'default', creationTimestamp: ago(3 * M) } }), { Name: 'default', Secrets: 0, Age: '3m' });
  assert.deepEqual(row('', 'ConfigMap', { metadata: { name: 'c', creationTimestamp: ago(3 * M) }, data: { a: '1' }, binaryData: { b: 'AA==' } }), { Name: 'c', Data: 2, Age: '3m' });
  assert.deepEqual(row('', 'ComponentStatus', { metadata: { name: 'etcd-0' }, conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }] }), { Name: 'etcd-0', Status: 'Healthy', Message: 'ok', Error: '' });
  assert.equal(row('', 'ComponentStatus', { metadata: { name: 'x' }, conditions: [{ type: 'Healthy', status: 'False', error: 'refused' }] })['Error'], 'refused');

  const rq: Obj = {
    metadata: { name: 'compute', creationTimestamp: ago(1 * D) },
    status: { hard: { 'requests.cpu': '1', pods: '10', 'limits.memory': '2Gi', 'limits.cpu': '2000m' }, used: { 'requests.cpu': '500m', pods: '3', 'limits.memory': '1073741824' } },
  };
  assert.deepEqual(row('', 'ResourceQuota', rq), {
    Name: 'compute', Request: 'pods: 3/10, requests.cpu: 500m/1', Limit: 'limits.cpu: 0/2, limits.memory: 1073741824/2Gi', Age: '24h',
  });
});

test('persistentvolume and persistentvolumeclaim', () => {
  const pv: Obj = {
    metadata: { name: 'pv-1', creationTimestamp: ago(2 * H) },
    spec: {
      capacity: { storage: '1.5Gi' }, accessModes: ['ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain',
      claimRef: { namespace: 'db', name: 'data' }, storageClassName: 'fast', volumeMode: 'Filesystem',
    },
    status: { phase: 'Bound' },
  };
  assert.deepEqual(row('', 'PersistentVolume', pv), {
    Name: 'pv-1', Capacity: '1536Mi', 'Access Modes': 'RWO,RWX', 'Reclaim Policy': 'Retain', Status: 'Bound', Claim: 'db/data',
    StorageClass: 'fast', VolumeAttributesClass: '<unset>', Reason: '', Age: '120m', VolumeMode: 'Filesystem',
  });
  pv.metadata.annotations = { 'volume.beta.kubernetes.io/storage-class': 'legacy' };
  pv.metadata.deletionTimestamp = ago(1 * S);
  assert.equal(row('', 'PersistentVolume', pv)['StorageClass'], 'legacy');
  assert.equal(row('', 'PersistentVolume', pv)['Status'], 'Terminating');

  const pvc: Obj = { metadata: { name: 'data', creationTimestamp: ago(2 * H) }, spec: { resources: { requests: { storage: '1Gi' } }, storageClassName: 'fast' }, status: { phase: 'Pending' } };
  assert.deepEqual(row('', 'PersistentVolumeClaim', pvc), {
    Name: 'data', Status: 'Pending', Volume: '', Capacity: '', 'Access Modes': '', StorageClass: 'fast', VolumeAttributesClass: '<unset>', Age: '120m', VolumeMode: '<unset>',
  });
  pvc.spec.volumeName = 'pv-1';
  pvc.status = { phase: 'Bound', capacity: { storage: '2Gi' }, accessModes: ['ReadWriteOncePod'] };
  const r = row('', 'PersistentVolumeClaim', pvc);
  assert.equal(r['Capacity'], '2Gi');
  assert.equal(r['Access Modes'], 'RWOP');
});

test('events in both API versions', () => {
  const core: Obj = {
    apiVersion: 'v1',
    metadata: { name: 'web-0.17a', creationTimestamp: ago(10 * M) },
    involvedObject: { kind: 'Pod', name: 'web-0', fieldPath: 'spec.containers{app}' },
    reason: 'BackOff', type: 'Warning', message: '  Back-off restarting failed container  ',
    source: { component: 'kubelet', host: 'node-a' },
    firstTimestamp: ago(10 * M), lastTimestamp: ago(30 * S), count: 7,
  };
  assert.deepEqual(row('', 'Event', core), {
    'Last Seen': '30s', Type: 'Warning', Reason: 'BackOff', Object: 'pod/web-0', Subobject: 'spec.containers{app}', Source: 'kubelet, node-a',
    Message: 'Back-off restarting failed container', 'First Seen': '10m', Count: 7, Name: 'web-0.17a',
  });
  assert.equal(cols('', 'Event').at(-1)!.name, 'Name');
  assert.ok(hasNameColumn(columnsFor('', 'Event')!));

  const v1: Obj = {
    apiVersion: 'events.k8s.io/v1',
    metadata: { name: 'e2' },
    eventTime: '2025-06-01T11:57:59.500000Z',
    series: { count: 4, lastObservedTime: '2025-06-01T11:59:00.000000Z' },
    regarding: { kind: 'Node' },
    reason: 'Rebooted', type: 'Normal', note: 'node rebooted',
    reportingController: 'kubelet', reportingInstance: 'node-b',
  };
  assert.deepEqual(row('events.k8s.io', 'Event', v1), {
    'Last Seen': '60s', Type: 'Normal', Reason: 'Rebooted', Object: 'node', Subobject: '', Source: 'kubelet, node-b',
    Message: 'node rebooted', 'First Seen': '2m', Count: 4, Name: 'e2',
  });
  delete v1.series;
  const r = row('events.k8s.io', 'Event', v1);
  assert.equal(r['Count'], 1);
  assert.equal(r['Last Seen'], '2m');
});

// ---------------------------------------------------------------------------
// Autoscaling, policy, rbac, storage, the rest
// ---------------------------------------------------------------------------

test('horizontalpodautoscaler targets in v2 and v1', () => {
  const hpa: Obj = {
    apiVersion: 'autoscaling/v2',
    metadata: { name: 'web', creationTimestamp: ago(20 * M) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
      ],
    },
    status: { currentReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 41, averageValue: '205m' } } }] },
  };
  assert.deepEqual(row('autoscaling', 'HorizontalPodAutoscaler', hpa), {
    Name: 'web', Reference: 'Deployment/web', Targets: 'cpu: 41%/80%, memory: <unknown>/100Mi', MinPods: '2', MaxPods: 10, Replicas: 3, Age: '20m',
  });

  hpa.spec.metrics.push(
    { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '1k' } } },
    { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '30' } } },
  );
  assert.equal(row('autoscaling', 'HorizontalPodAutoscaler', hpa)['Targets'], 'cpu: 41%/80%, memory: <unknown>/100Mi + 2 more...');

  const objects: Obj = {
    metadata: { name: 'o' },
    spec: {
      scaleTargetRef: { kind: 'Deployment', name: 'w' }, maxReplicas: 3,
      metrics: [
        { type: 'Object', object: { target: { type: 'AverageValue', averageValue: '500m' } } },
        { type: 'External', external: { target: { type: 'AverageValue', averageValue: '2' } } },
      ],
    },
    status: { currentMetrics: [{ type: 'Object', object: { current: { averageValue: '250m' } } }, { type: 'External', external: { current: { value: '7' } } }] },
  };
  const r = row('autoscaling', 'HorizontalPodAutoscaler', objects);
  assert.equal(r['Targets'], '250m/500m (avg), <unknown>/2 (avg)');
  assert.equal(r['MinPods'], '<unset>');
  assert.equal(row('autoscaling', 'HorizontalPodAutoscaler', { metadata: { name: 'n' }, spec: { metrics: [] } })['Targets'], '<none>');

  const v1: Obj = {
    apiVersion: 'autoscaling/v1',
    metadata: { name: 'legacy', creationTimestamp: ago(20 * M) },
    spec: { scaleTargetRef: { kind: 'ReplicaSet', name: 'rs' }, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
    status: { currentReplicas: 1, desiredReplicas: 1, currentCPUUtilizationPercentage: 12 },
  };
  assert.equal(row('autoscaling', 'HorizontalPodAutoscaler', v1)['Targets'], 'cpu: 12%/70%');
  v1.metadata.annotations = {
    'autoscaling.alpha.kubernetes.io/metrics': JSON.stringify([{ type: 'Pods', pods: { metricName: 'qps', targetAverageValue: '10' } }]),
    'autoscaling.alpha.kubernetes.io/current-metrics': JSON.stringify([{ type: 'Pods', pods: { metricName: 'qps', currentAverageValue: '4' } }]),
  };
  assert.equal(row('autoscaling', 'HorizontalPodAutoscaler', v1)['Targets'], '4/10, cpu: 12%/70%');
});

test('poddisruptionbudget, bindings, csr, lease, priorityclass, runtimeclass', () => {
  assert.deepEqual(
    row('policy', 'PodDisruptionBudget', { metadata: { name: 'pdb', creationTimestamp: ago(1 * M) }, spec: { minAvailable: '50%' }, status: { disruptionsAllowed: 1 } }),
    { Name: 'pdb', 'Min Available': '50%', 'Max Unavailable': 'N/A', 'Allowed Disruptions': 1, Age: '60s' },
  );
  assert.equal(row('policy', 'PodDisruptionBudget', { metadata: { name: 'p' }, spec: { maxUnavailable: 1 } })['Max Unavailable'], '1');

  const rb: Obj = {
    metadata: { name: 'rb', creationTimestamp: ago(1 * H) },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
    subjects: [
      { kind: 'User', name: 'alice' }, { kind: 'Group', name: 'devs' }, { kind: 'ServiceAccount', namespace: 'ci', name: 'bot' },
      { kind: 'User', name: 'bob' },
    ],
  };
  assert.deepEqual(row('rbac.authorization.k8s.io', 'RoleBinding', rb), { Name: 'rb', Role: 'ClusterRole/view', Age: '60m', Users: 'alice, bob', Groups: 'devs', ServiceAccounts: 'ci/bot' });

  const csr: Obj = {
    metadata: { name: 'csr-1', creationTimestamp: ago(2 * M) },
    spec: { signerName: 'kubernetes.io/kube-apiserver-client', username: 'alice', expirationSeconds: 86400 },
    status: { conditions: [{ type: 'Approved', status: 'True' }], certificate: 'LS0t' },
  };
  assert.deepEqual(row('certificates.k8s.io', 'CertificateSigningRequest', csr), {
    Name: 'csr-1', Age: '2m', SignerName: 'kubernetes.io/kube-apiserver-client', Requestor: 'alice', RequestedDuration: '24h', Condition: 'Approved,Issued',
  });
  assert.equal(row('certificates.k8s.io', 'CertificateSigningRequest', { metadata: { name: 'c' }, spec: {}, status: { conditions: [{ type: 'Denied' }, { type: 'Approved' }, { type: 'Failed' }] } })['Condition'], 'Denied,Failed');

  assert.deepEqual(row('coordination.k8s.io', 'Lease', { metadata: { name: 'kube-scheduler', creationTimestamp: ago(1 * D) }, spec: { holderIdentity: 'cp-1_abc' } }), { Name: 'kube-scheduler', Holder: 'cp-1_abc', Age: '24h' });
  assert.deepEqual(
    row('scheduling.k8s.io', 'PriorityClass', { metadata: { name: 'system-node-critical', creationTimestamp: ago(1 * D) }, value: 2000001000, preemptionPolicy: 'PreemptLowerPriority' }),
    { Name: 'system-node-critical', Value: 2000001000, 'Global-Default': false, Age: '24h', PreemptionPolicy: 'PreemptLowerPriority' },
  );
  assert.deepEqual(row('node.k8s.io', 'RuntimeClass', { metadata: { name: 'gvisor', creationTimestamp: ago(1 * D) }, handler: 'runsc' }), { Name: 'gvisor', Handler: 'runsc', Age: '24h' });
});

test('storage printers mark default classes in the Name cell', () => {
  const sc: Obj = { metadata: { name: 'standard', creationTimestamp: ago(1 * D), annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'rancher.io/local-path' };
  assert.deepEqual(row('storage.k8s.io', 'StorageClass', sc), {
    Name: 'standard (default)', Provisioner: 'rancher.io/local-path', ReclaimPolicy: 'Delete', VolumeBindingMode: 'Immediate', AllowVolumeExpansion: false, Age: '24h',
  });
  assert.equal(cols('storage.k8s.io', 'StorageClass').filter((c) => c.name === 'Name').length, 1);
  sc.metadata.annotations = {};
  sc.reclaimPolicy = 'Retain';
  sc.volumeBindingMode = 'WaitForFirstConsumer';
  sc.allowVolumeExpansion = true;
  assert.deepEqual(row('storage.k8s.io', 'StorageClass', sc), {
    Name: 'standard', Provisioner: 'rancher.io/local-path', ReclaimPolicy: 'Retain', VolumeBindingMode: 'WaitForFirstConsumer', AllowVolumeExpansion: true, Age: '24h',
  });

  assert.deepEqual(
    row('storage.k8s.io', 'VolumeAttachment', { metadata: { name: 'va', creationTimestamp: ago(1 * M) }, spec: { attacher: 'csi.example.com', nodeName: 'n1', source: { persistentVolumeName: 'pv-1' } }, status: { attached: true } }),
    { Name: 'va', Attacher: 'csi.example.com', PV: 'pv-1', Node: 'n1', Attached: true, Age: '60s' },
  );
  assert.deepEqual(
    row('storage.k8s.io', 'CSIDriver', { metadata: { name: 'csi.example.com', creationTimestamp: ago(1 * M) }, spec: { tokenRequests: [{ audience: 'a' }, { audience: 'b' }], volumeLifecycleModes: ['Persistent', 'Ephemeral'] } }),
    { Name: 'csi.example.com', AttachRequired: true, PodInfoOnMount: false, StorageCapacity: false, TokenRequests: 'a,b', RequiresRepublish: false, Modes: 'Persistent,Ephemeral', Age: '60s' },
  );
  assert.equal(row('storage.k8s.io', 'CSIDriver', { metadata: { name: 'd' }, spec: {} })['TokenRequests'], '<unset>');
  assert.equal(row('storage.k8s.io', 'CSINode', { metadata: { name: 'n1' }, spec: { drivers: [{ name: 'a' }, { name: 'b' }] } })['Drivers'], 2);
});

test('admission, flowcontrol, resource, apiservice', () => {
  assert.equal(row('admissionregistration.k8s.io', 'ValidatingWebhookConfiguration', { metadata: { name: 'w' }, webhooks: [{}, {}] })['Webhooks'], 2);
  const vap: Obj = { metadata: { name: 'p' }, spec: { validations: [{ expression: 'true' }], paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } } };
  assert.equal(row('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', vap)['ParamKind'], 'v1/ConfigMap');
  assert.equal(row('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', vap)['Validations'], 1);
  const binding = (paramRef?: Obj): unknown => row('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', { metadata: { name: 'b' }, spec: { policyName: 'p', paramRef } })['ParamRef'];
  assert.equal(binding(), '<unset>');
  assert.equal(binding({ name: 'cfg', namespace: 'ns' }), 'ns/cfg');
  assert.equal(binding({ name: 'cfg' }), '*/cfg');
  assert.equal(
    binding({ selector: { matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['x', 'y'] }] } }),
    '&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[x y],},},}',
  );

  const fs: Obj = { metadata: { name: 'workload-leader-election' }, spec: { priorityLevelConfiguration: { name: 'leader-election' }, matchingPrecedence: 200, distinguisherMethod: { type: 'ByUser' } }, status: { conditions: [{ type: 'Dangling', status: 'False' }] } };
  assert.deepEqual(row('flowcontrol.apiserver.k8s.io', 'FlowSchema', fs), {
    Name: 'workload-leader-election', PriorityLevel: 'leader-election', MatchingPrecedence: 200, DistinguisherMethod: 'ByUser', Age: '<unknown>', MissingPL: 'False',
  });
  assert.equal(row('flowcontrol.apiserver.k8s.io', 'FlowSchema', { metadata: { name: 'x' }, spec: {} })['MissingPL'], '?');
  const order = listOrderFor('flowcontrol.apiserver.k8s.io', 'FlowSchema');
  assert.ok(order);
  const sorted = [
    { metadata: { name: 'b' }, spec: { matchingPrecedence: 1000 } },
    { metadata: { name: 'exempt' }, spec: { matchingPrecedence: 1 } },
    { metadata: { name: 'a' }, spec: { matchingPrecedence: 1000 } },
  ].sort(order).map((o) => o.metadata.name);
  assert.deepEqual(sorted, ['exempt', 'a', 'b']);
  assert.equal(listOrderFor('', 'Pod'), undefined);

  const plc = (spec: Obj): Record<string, unknown> => row('flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', { metadata: { name: 'l' }, spec });
  assert.deepEqual(plc({ type: 'Exempt', exempt: {} }), {
    Name: 'l', Type: 'Exempt', NominalConcurrencyShares: '<none>', Queues: '<none>', HandSize: '<none>', QueueLengthLimit: '<none>', Age: '<unknown>',
  });
  assert.deepEqual(plc({ type: 'Limited', limited: { nominalConcurrencyShares: 100, limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 } } } }), {
    Name: 'l', Type: 'Limited', NominalConcurrencyShares: 100, Queues: 128, HandSize: 6, QueueLengthLimit: 50, Age: '<unknown>',
  });
  assert.equal(plc({ type: 'Limited', limited: { limitResponse: { type: 'Reject' } } })['Queues'], '<none>');

  const claim = (o: Obj): unknown => row('resource.k8s.io', 'ResourceClaim', { metadata: { name: 'c', ...o.metadata }, status: o.status })['State'];
  assert.equal(claim({}), 'pending');
  assert.equal(claim({ status: { allocation: {} } }), 'allocated');
  assert.equal(claim({ status: { allocation: {}, reservedFor: [{ resource: 'pods', name: 'p' }] } }), 'allocated,reserved');
  assert.equal(claim({ metadata: { deletionTimestamp: ago(1 * S) } }), 'deleted');
  assert.deepEqual(row('resource.k8s.io', 'ResourceSlice', { metadata: { name: 's' }, spec: { nodeName: 'n1', driver: 'gpu.example.com', pool: { name: 'n1' } } }), {
    Name: 's', Node: 'n1', Driver: 'gpu.example.com', Pool: 'n1', Age: '<unknown>',
  });

  const apisvc = (o: Obj): Record<string, unknown> => row('apiregistration.k8s.io', 'APIService', { metadata: { name: 'v1beta1.metrics.k8s.io' }, ...o });
  assert.deepEqual(apisvc({ spec: { service: { namespace: 'kube-system', name: 'metrics-server' } }, status: { conditions: [{ type: 'Available', status: 'False', reason: 'MissingEndpoints' }] } }), {
    Name: 'v1beta1.metrics.k8s.io', Service: 'kube-system/metrics-server', Available: 'False (MissingEndpoints)', Age: '<unknown>',
  });
  assert.equal(apisvc({ spec: {}, status: { conditions: [{ type: 'Available', status: 'True', reason: 'Local' }] } })['Available'], 'True');
  assert.equal(apisvc({ spec: {} })['Service'], 'Local');
  assert.equal(apisvc({ spec: {} })['Available'], 'Unknown');
});

test('cells follow the injected clock', () => {
  const pod = runningPod();
  setTableClock(() => NOW + 2 * H);
  try {
    const r = row('', 'Pod', pod);
    assert.equal(r['Age'], '2d5h');
    assert.equal(r['Restarts'], '3 (125m ago)');
  } finally {
    setTableClock(() => NOW);
  }
  assert.equal(row('', 'Pod', pod)['Age'], '2d3h');
});
