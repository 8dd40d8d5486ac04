import { test } from 'node:test';
import { ConfigMap, Deployment, entry, runScenario, type Scenario } from './support.js';

const T = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, '0')}:00Z`;
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const cm = (data: Record<string, string> | undefined, meta: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', ...meta }, ...(data ? { data } : {}) });

const scenarios: Scenario[] = [
  {
    name: 'configmap: create by apply, shared ownership, conflict, omission, update transfer, force',
    schema: ConfigMap,
    apiVersion: 'v1',
    kind: 'ConfigMap',
    steps: [
      {
        op: 'apply',
        manager: 'm1',
        time: T(1),
        object: cm({ a: '1', b: '2' }, { namespace: 'default', labels: { app: 'web' } }),
        expectObject: cm({ a: '1', b: '2' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('m1', 'Apply', 'v1', T(1), { 'f:data': { 'f:a': {}, 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } })],
      },
      {
        // Same value: no conflict, the field is shared. Nothing changed, so upstream records no time.
        op: 'apply',
        manager: 'm2',
        time: T(2),
        object: cm({ a: '1' }),
        expectManaged: [
          entry('m2', 'Apply', 'v1', undefined, { 'f:data': { 'f:a': {} } }),
          entry('m1', 'Apply', 'v1', T(1), { 'f:data': { 'f:a': {}, 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } }),
        ],
      },
      {
        op: 'apply',
        manager: 'm2',
        time: T(3),
        object: cm({ a: '9' }),
        expectError: {
          code: 409,
          reason: 'Conflict',
          message: 'Apply failed with 1 conflict: conflict with "m1": .data.a',
          causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "m1"', field: '.data.a' }],
        },
      },
      {
        // m1 stops applying .data.a: m2 still owns it, so the value stays; the object is unchanged, so m1's time too.
        op: 'apply',
        manager: 'm1',
        time: T(4),
        object: cm({ b: '2' }, { labels: { app: 'web' } }),
        expectObject: cm({ a: '1', b: '2' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [
          entry('m2', 'Apply', 'v1', undefined, { 'f:data': { 'f:a': {} } }),
          entry('m1', 'Apply', 'v1', T(1), { 'f:data': { 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } }),
        ],
      },
      {
        // m2, now the only owner, omits it: removed. m2 owns nothing else, so its entry goes.
        op: 'apply',
        manager: 'm2',
        time: T(5),
        object: cm(undefined),
        expectObject: cm({ b: '2' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('m1', 'Apply', 'v1', T(1), { 'f:data': { 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } })],
      },
      {
        op: 'update',
        manager: 'kubectl-edit',
        time: T(6),
        object: cm({ b: '3' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [
          entry('m1', 'Apply', 'v1', T(1), { 'f:metadata': { 'f:labels': { 'f:app': {} } } }),
          entry('kubectl-edit', 'Update', 'v1', T(6), { 'f:data': { 'f:b': {} } }),
        ],
      },
      {
        op: 'apply',
        manager: 'm1',
        time: T(7),
        object: cm({ b: '4' }, { labels: { app: 'web' } }),
        expectError: { code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "kubectl-edit" using v1: .data.b' },
      },
      {
        op: 'apply',
        manager: 'm1',
        time: T(8),
        force: true,
        object: cm({ b: '4' }, { labels: { app: 'web' } }),
        expectObject: cm({ b: '4' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('m1', 'Apply', 'v1', T(8), { 'f:data': { 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } })],
      },
    ],
  },
  {
    name: 'configmap: create and updates record Update entries with "." for added maps',
    schema: ConfigMap,
    apiVersion: 'v1',
    steps: [
      {
        op: 'update',
        manager: 'kubectl-create',
        time: T(1),
        object: cm({ a: '1' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('kubectl-create', 'Update', 'v1', T(1), { 'f:data': { '.': {}, 'f:a': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } })],
      },
      {
        // Nothing changes: the entry (and its time) stays.
        op: 'update',
        manager: 'kubectl-create',
        time: T(2),
        object: cm({ a: '1' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('kubectl-create', 'Update', 'v1', T(1), { 'f:data': { '.': {}, 'f:a': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } })],
      },
      {
        op: 'update',
        manager: 'kubectl-create',
        time: T(3),
        object: cm({ a: '1', c: '3' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('kubectl-create', 'Update', 'v1', T(3), { 'f:data': { '.': {}, 'f:a': {}, 'f:c': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } })],
      },
      {
        // Removing a field takes it from its owner without giving the writer anything (nor touching the owner's time).
        op: 'update',
        manager: 'other',
        time: T(4),
        object: cm({ c: '3' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [entry('kubectl-create', 'Update', 'v1', T(3), { 'f:data': { '.': {}, 'f:c': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } })],
      },
      {
        // A different apiVersion makes a separate entry.
        op: 'update',
        manager: 'kubectl-create',
        apiVersion: 'v1beta1',
        time: T(5),
        object: cm({ c: '4' }, { namespace: 'default', labels: { app: 'web' } }),
        expectManaged: [
          // Still owns the (now childless) map itself: a member without children is just {}.
          entry('kubectl-create', 'Update', 'v1', T(3), { 'f:data': {}, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }),
          entry('kubectl-create', 'Update', 'v1beta1', T(5), { 'f:data': { 'f:c': {} } }),
        ],
      },
    ],
  },
  {
    name: 'managedFields reset rules and tracking from the first apply',
    schema: ConfigMap,
    apiVersion: 'v1',
    kind: 'ConfigMap',
    steps: [
      { op: 'apply', manager: 'm1', time: T(1), object: cm({ a: '1', b: '2' }), expectManaged: [entry('m1', 'Apply', 'v1', T(1), { 'f:data': { 'f:a': {}, 'f:b': {} } })] },
      {
        // An empty list does not reset: the live entries are kept and the writer takes what it changed.
        op: 'update',
        manager: 'kubectl-patch',
        time: T(2),
        object: cm({ a: '1', b: '3' }, { managedFields: [] }),
        expectManaged: [entry('m1', 'Apply', 'v1', T(1), { 'f:data': { 'f:a': {} } }), entry('kubectl-patch', 'Update', 'v1', T(2), { 'f:data': { 'f:b': {} } })],
      },
      {
        // One empty entry resets, before the rest of the write: upstream then stops tracking the object.
        op: 'update',
        manager: 'kubectl-patch',
        time: T(3),
        object: cm({ a: '1', b: '4' }, { managedFields: [{}] }),
        expectObject: cm({ a: '1', b: '4' }),
        expectManaged: [],
      },
      { op: 'update', manager: 'kubectl-edit', time: T(4), object: cm({ a: '1', b: '5' }), expectManaged: [] },
      {
        // The first apply to an untracked object gives the existing fields to "before-first-apply".
        op: 'apply',
        manager: 'm2',
        time: T(5),
        object: cm({ a: '6' }),
        expectError: { code: 409, message: 'Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.a' },
      },
      {
        op: 'apply',
        manager: 'm2',
        time: T(6),
        force: true,
        object: cm({ a: '6' }),
        expectObject: cm({ a: '6', b: '5' }),
        expectManaged: [entry('m2', 'Apply', 'v1', T(6), { 'f:data': { 'f:a': {} } }), entry('before-first-apply', 'Update', 'v1', T(6), { 'f:data': { '.': {}, 'f:b': {} } })],
      },
      {
        // A managedFields list written directly by a client is honoured.
        op: 'update',
        manager: 'admin',
        time: T(7),
        object: cm({ a: '6', b: '5' }, { managedFields: [{ manager: 'someone', operation: 'Apply', apiVersion: 'v1', time: '2024-05-01T12:00:00+02:00', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:b': {} } } }] }),
        expectManaged: [entry('someone', 'Apply', 'v1', T(0), { 'f:data': { 'f:b': {} } })],
      },
      {
        // Entries that do not decode are replaced by the live ones.
        op: 'update',
        manager: 'admin',
        time: T(8),
        object: cm({ a: '6', b: '5' }, { managedFields: [{ manager: 'x', operation: 'Bogus', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {} }] }),
        expectManaged: [entry('someone', 'Apply', 'v1', T(0), { 'f:data': { 'f:b': {} } })],
      },
    ],
  },
  {
    name: 'deployment: list maps, sets of ports, atomic struct, multi-manager conflicts, pruning',
    schema: Deployment,
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    steps: [
      {
        op: 'apply',
        manager: 'alice',
        time: T(1),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: { containers: [{ name: 'app', image: 'nginx:1', ports: [{ containerPort: 8080 }, { containerPort: 443 }], env: [{ name: 'A', value: '1' }] }] },
            },
          },
        },
        expectManaged: [
          entry('alice', 'Apply', 'apps/v1', T(1), {
            'f:spec': {
              'f:replicas': {},
              'f:selector': {},
              'f:template': {
                'f:metadata': { 'f:labels': { 'f:app': {} } },
                'f:spec': {
                  'f:containers': {
                    'k:{"name":"app"}': {
                      '.': {},
                      'f:env': { 'k:{"name":"A"}': { '.': {}, 'f:name': {}, 'f:value': {} } },
                      'f:image': {},
                      'f:name': {},
                      'f:ports': {
                        // Keys are ordered by value: 443 before 8080. protocol comes from the key's default.
                        'k:{"containerPort":443,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
                        'k:{"containerPort":8080,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
                      },
                    },
                  },
                },
              },
            },
          }),
        ],
      },
      {
        op: 'apply',
        manager: 'bob',
        time: T(2),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers: [{ name: 'sidecar', image: 'busybox' }] } } } },
        expectObject: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: {
                containers: [
                  { name: 'app', image: 'nginx:1', ports: [{ containerPort: 8080 }, { containerPort: 443 }], env: [{ name: 'A', value: '1' }] },
                  { name: 'sidecar', image: 'busybox' },
                ],
              },
            },
          },
        },
      },
      {
        op: 'apply',
        manager: 'bob',
        time: T(3),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:2' }, { name: 'sidecar', image: 'busybox' }] } } },
        },
        expectError: { code: 409, message: 'Apply failed with 1 conflict: conflict with "alice": .spec.template.spec.containers[name="app"].image' },
      },
      {
        op: 'update',
        manager: 'kube-controller-manager',
        time: T(4),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 3,
            paused: true,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: {
                containers: [
                  { name: 'app', image: 'nginx:1', ports: [{ containerPort: 8080 }, { containerPort: 443 }], env: [{ name: 'A', value: '1' }] },
                  { name: 'sidecar', image: 'busybox' },
                ],
              },
            },
          },
        },
        expectManaged: [
          entry('alice', 'Apply', 'apps/v1', T(1), {
            'f:spec': {
              'f:selector': {},
              'f:template': {
                'f:metadata': { 'f:labels': { 'f:app': {} } },
                'f:spec': {
                  'f:containers': {
                    'k:{"name":"app"}': {
                      '.': {},
                      'f:env': { 'k:{"name":"A"}': { '.': {}, 'f:name': {}, 'f:value': {} } },
                      'f:image': {},
                      'f:name': {},
                      'f:ports': {
                        'k:{"containerPort":443,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
                        'k:{"containerPort":8080,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
                      },
                    },
                  },
                },
              },
            },
          }),
          entry('bob', 'Apply', 'apps/v1', T(2), { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"sidecar"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } } } }),
          entry('kube-controller-manager', 'Update', 'apps/v1', T(4), { 'f:spec': { 'f:paused': {}, 'f:replicas': {} } }),
        ],
      },
      {
        op: 'apply',
        manager: 'bob',
        time: T(5),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { replicas: 5, selector: { matchLabels: { app: 'web', tier: 'x' } }, template: { spec: { containers: [{ name: 'sidecar', image: 'busybox' }] } } },
        },
        expectError: {
          code: 409,
          reason: 'Conflict',
          message: 'Apply failed with 2 conflicts: conflicts with "alice":\n- .spec.selector\nconflicts with "kube-controller-manager" using apps/v1:\n- .spec.replicas',
          causes: [
            { reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.spec.selector' },
            { reason: 'FieldManagerConflict', message: 'conflict with "kube-controller-manager" using apps/v1', field: '.spec.replicas' },
          ],
        },
      },
      {
        op: 'apply',
        manager: 'bob',
        time: T(6),
        force: true,
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { replicas: 5, selector: { matchLabels: { app: 'web', tier: 'x' } }, template: { spec: { containers: [{ name: 'sidecar', image: 'busybox' }] } } },
        },
        expectManaged: [
          entry('alice', 'Apply', 'apps/v1', T(1), {
            'f:spec': {
              'f:template': {
                'f:metadata': { 'f:labels': { 'f:app': {} } },
                'f:spec': {
                  'f:containers': {
                    'k:{"name":"app"}': {
                      '.': {},
                      'f:env': { 'k:{"name":"A"}': { '.': {}, 'f:name': {}, 'f:value': {} } },
                      'f:image': {},
                      'f:name': {},
                      'f:ports': {
                        'k:{"containerPort":443,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
                        'k:{"containerPort":8080,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
                      },
                    },
                  },
                },
              },
            },
          }),
          entry('bob', 'Apply', 'apps/v1', T(6), {
            'f:spec': { 'f:replicas': {}, 'f:selector': {}, 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"sidecar"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } } },
          }),
          entry('kube-controller-manager', 'Update', 'apps/v1', T(4), { 'f:spec': { 'f:paused': {} } }),
        ],
      },
      {
        // alice drops the env var and one port: only she owned them, so they go (the emptied env list with them).
        op: 'apply',
        manager: 'alice',
        time: T(7),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1', ports: [{ containerPort: 8080 }] }] } } },
        },
        expectObject: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 5,
            paused: true,
            selector: { matchLabels: { app: 'web', tier: 'x' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: { containers: [{ name: 'app', image: 'nginx:1', ports: [{ containerPort: 8080 }] }, { name: 'sidecar', image: 'busybox' }] },
            },
          },
        },
      },
      {
        // Bob's new config orders the containers: shared ones keep the live order, new ones go where the config puts them.
        op: 'apply',
        manager: 'bob',
        time: T(8),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { replicas: 5, selector: { matchLabels: { app: 'web', tier: 'x' } }, template: { spec: { containers: [{ name: 'init' }, { name: 'sidecar', image: 'busybox' }, { name: 'last' }] } } },
        },
        expectObject: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 5,
            paused: true,
            selector: { matchLabels: { app: 'web', tier: 'x' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: {
                containers: [{ name: 'app', image: 'nginx:1', ports: [{ containerPort: 8080 }] }, { name: 'init' }, { name: 'sidecar', image: 'busybox' }, { name: 'last' }],
              },
            },
          },
        },
      },
    ],
  },
  {
    name: 'deployment: create by POST records what upstream records after the typed round trip',
    schema: Deployment,
    apiVersion: 'apps/v1',
    steps: [
      {
        op: 'update',
        manager: 'kubectl-create',
        time: T(1),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', labels: { app: 'web' } },
          spec: {
            replicas: 1,
            paused: false,
            selector: { matchLabels: { app: 'web' } },
            template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
            strategy: {},
          },
          status: {},
        },
        expectManaged: [
          entry('kubectl-create', 'Update', 'apps/v1', T(1), {
            'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
            'f:spec': {
              'f:replicas': {},
              'f:selector': {},
              'f:template': {
                'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
                // The struct-valued "resources" is present after the round trip, hence owned.
                'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {} } } },
              },
            },
          }),
        ],
      },
      {
        // Setting a non-pointer bool back to false removes it after the round trip: the writer does not own it.
        op: 'update',
        manager: 'kubectl-edit',
        time: T(2),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', labels: { app: 'web' } },
          spec: {
            replicas: 1,
            paused: true,
            selector: { matchLabels: { app: 'web' } },
            template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
          },
        },
        expectManaged: [
          entry('kubectl-create', 'Update', 'apps/v1', T(1), {
            'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
            'f:spec': {
              'f:replicas': {},
              'f:selector': {},
              'f:template': {
                'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
                'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {} } } },
              },
            },
          }),
          entry('kubectl-edit', 'Update', 'apps/v1', T(2), { 'f:spec': { 'f:paused': {} } }),
        ],
      },
      {
        op: 'update',
        manager: 'kubectl-edit',
        time: T(3),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', labels: { app: 'web' } },
          spec: {
            replicas: 1,
            paused: false,
            selector: { matchLabels: { app: 'web' } },
            template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
          },
        },
        expectManaged: [
          entry('kubectl-create', 'Update', 'apps/v1', T(1), {
            'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
            'f:spec': {
              'f:replicas': {},
              'f:selector': {},
              'f:template': {
                'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
                'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {} } } },
              },
            },
          }),
        ],
      },
    ],
  },
  {
    name: 'deployment: atomic map and atomic list conflict as a whole; reset fields are owned by nobody',
    schema: Deployment,
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    steps: [
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        ignoredFields: [['status']],
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { template: { spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'c', args: ['--x'] }] } } },
          status: { replicas: 3 },
        },
        expectManaged: [
          entry('a', 'Apply', 'apps/v1', T(1), {
            'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:args': {}, 'f:name': {} } }, 'f:nodeSelector': {} } } },
          }),
        ],
      },
      {
        op: 'apply',
        manager: 'b',
        time: T(2),
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: { template: { spec: { nodeSelector: { zone: 'a' }, containers: [{ name: 'c', args: ['--x', '--y'] }] } } },
        },
        expectError: {
          code: 409,
          message:
            'Apply failed with 2 conflicts: conflicts with "a":\n- .spec.template.spec.nodeSelector\n- .spec.template.spec.containers[name="c"].args',
        },
      },
    ],
  },
  {
    name: 'custom resource without schema: struct fields, atomic lists, finalizers as a set, status subresource',
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    steps: [
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w', finalizers: ['example.com/x', 'example.com/y'] },
          spec: { size: 1, nested: { deep: { v: 1 } }, items: [1, 2] },
        },
        expectManaged: [
          entry('a', 'Apply', 'example.com/v1', T(1), {
            'f:metadata': { 'f:finalizers': { 'v:"example.com/x"': {}, 'v:"example.com/y"': {} } },
            'f:spec': { 'f:items': {}, 'f:nested': { 'f:deep': { 'f:v': {} } }, 'f:size': {} },
          }),
        ],
      },
      {
        op: 'apply',
        manager: 'b',
        time: T(2),
        object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { items: [3] } },
        expectError: { code: 409, message: 'Apply failed with 1 conflict: conflict with "a": .spec.items' },
      },
      {
        op: 'apply',
        manager: 'b',
        time: T(3),
        object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', finalizers: ['example.com/z'] }, spec: { nested: { deep: { w: 2 } } } },
        expectObject: {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w', finalizers: ['example.com/x', 'example.com/y', 'example.com/z'] },
          spec: { size: 1, nested: { deep: { v: 1, w: 2 } }, items: [1, 2] },
        },
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(4),
        object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', finalizers: ['example.com/y'] }, spec: { size: 1, nested: { deep: { v: 1 } }, items: [1, 2] } },
        expectObject: {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w', finalizers: ['example.com/y', 'example.com/z'] },
          spec: { size: 1, nested: { deep: { v: 1, w: 2 } }, items: [1, 2] },
        },
      },
      {
        op: 'update',
        manager: 'widget-controller',
        subresource: 'status',
        time: T(5),
        object: {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w', finalizers: ['example.com/y', 'example.com/z'] },
          spec: { size: 1, nested: { deep: { v: 1, w: 2 } }, items: [1, 2] },
          status: { ready: true },
        },
        expectManaged: [
          entry('b', 'Apply', 'example.com/v1', T(3), { 'f:metadata': { 'f:finalizers': { 'v:"example.com/z"': {} } }, 'f:spec': { 'f:nested': { 'f:deep': { 'f:w': {} } } } }),
          entry('a', 'Apply', 'example.com/v1', T(4), {
            'f:metadata': { 'f:finalizers': { 'v:"example.com/y"': {} } },
            'f:spec': { 'f:items': {}, 'f:nested': { 'f:deep': { 'f:v': {} } }, 'f:size': {} },
          }),
          entry('widget-controller', 'Update', 'example.com/v1', T(5), { 'f:status': { '.': {}, 'f:ready': {} } }, 'status'),
        ],
      },
      {
        op: 'apply',
        manager: 'c',
        subresource: 'status',
        time: T(6),
        object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, status: { ready: false } },
        expectError: { code: 409, message: 'Apply failed with 1 conflict: conflict with "widget-controller" with subresource "status" using example.com/v1: .status.ready' },
      },
    ],
  },
  {
    name: 'preserve-unknown-fields (deduced): every key is a map entry',
    schema: 'deduced',
    apiVersion: 'example.com/v1',
    steps: [
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'example.com/v1', kind: 'Blob', metadata: { name: 'b', labels: { x: 'y' } }, spec: { x: { y: 1 }, l: [{ a: 1 }] } },
        expectManaged: [entry('a', 'Apply', 'example.com/v1', T(1), { 'f:metadata': { 'f:labels': { 'f:x': {} } }, 'f:spec': { '.': {}, 'f:l': {}, 'f:x': { '.': {}, 'f:y': {} } } })],
      },
    ],
  },
  {
    name: 'client-side apply upgraded by kubectl server-side apply',
    schema: ConfigMap,
    apiVersion: 'v1',
    kind: 'ConfigMap',
    steps: [
      {
        op: 'update',
        manager: 'kubectl-client-side-apply',
        time: T(1),
        object: cm({ a: '1' }, { annotations: { [LAST_APPLIED]: '{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"cm"}}\n' } }),
        expectManaged: [
          entry('kubectl-client-side-apply', 'Update', 'v1', T(1), {
            'f:data': { '.': {}, 'f:a': {} },
            'f:metadata': { 'f:annotations': { '.': {}, [`f:${LAST_APPLIED}`]: {} } },
          }),
        ],
      },
      {
        // Fields the last-applied annotation records do not conflict for "kubectl"; the annotation follows the new config.
        op: 'apply',
        manager: 'kubectl',
        time: T(2),
        object: cm({ a: '2' }),
        expectObject: cm({ a: '2' }, { annotations: { [LAST_APPLIED]: '{"apiVersion":"v1","data":{"a":"2"},"kind":"ConfigMap","metadata":{"name":"cm"}}\n' } }),
        expectManaged: [
          entry('kubectl', 'Apply', 'v1', T(2), { 'f:data': { 'f:a': {} } }),
          entry('kubectl-client-side-apply', 'Update', 'v1', T(1), { 'f:data': {}, 'f:metadata': { 'f:annotations': { '.': {}, [`f:${LAST_APPLIED}`]: {} } } }),
        ],
      },
      {
        op: 'apply',
        manager: 'helm',
        time: T(3),
        object: cm({ a: '3' }),
        expectError: { code: 409, message: 'Apply failed with 1 conflict: conflict with "kubectl": .data.a' },
      },
    ],
  },
  {
    name: 'schema change: a struct that became atomic is owned whole by the owner of its parts',
    schema: Deployment,
    apiVersion: 'apps/v1',
    base: {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'web',
        managedFields: [entry('old', 'Update', 'apps/v1', T(0), { 'f:spec': { 'f:selector': { 'f:matchLabels': { '.': {}, 'f:app': {} } } } })],
      },
      spec: { selector: { matchLabels: { app: 'web' } } },
    },
    steps: [
      {
        op: 'update',
        manager: 'x',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } } } },
        expectManaged: [entry('old', 'Update', 'apps/v1', T(0), { 'f:spec': { 'f:selector': {} } }), entry('x', 'Update', 'apps/v1', T(1), { 'f:spec': { 'f:replicas': {} } })],
      },
    ],
  },
  {
    name: 'pruning drops a struct nobody owns anything in, unowned (defaulted) fields with it',
    apiVersion: 'example.com/v1',
    base: {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', managedFields: [entry('a', 'Apply', 'example.com/v1', T(0), { 'f:spec': { 'f:foo': { 'f:bar': {} } } })] },
      spec: { foo: { bar: 1, baz: 2 } },
    },
    steps: [
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { other: 1 } },
        expectObject: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { other: 1 } },
        expectManaged: [entry('a', 'Apply', 'example.com/v1', T(1), { 'f:spec': { 'f:other': {} } })],
      },
    ],
  },
  {
    name: 'pruning keeps a struct another manager owns something in',
    apiVersion: 'example.com/v1',
    base: {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: {
        name: 'w',
        managedFields: [
          entry('a', 'Apply', 'example.com/v1', T(0), { 'f:spec': { 'f:foo': { 'f:bar': {} } } }),
          entry('u', 'Update', 'example.com/v1', T(0), { 'f:spec': { 'f:foo': { 'f:qux': {} } } }),
        ],
      },
      spec: { foo: { bar: 1, baz: 2, qux: 3 } },
    },
    steps: [
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { other: 1 } },
        expectObject: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { foo: { baz: 2, qux: 3 }, other: 1 } },
      },
    ],
  },
  {
    name: 'a zero value or null in the configuration over another manager\'s value is a conflict',
    schema: Deployment,
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    steps: [
      {
        op: 'update',
        manager: 'ctrl',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { paused: true, replicas: 3 } },
        expectManaged: [entry('ctrl', 'Update', 'apps/v1', T(1), { 'f:spec': { 'f:paused': {}, 'f:replicas': {} } })],
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(2),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { paused: false, replicas: null } },
        expectError: { code: 409, message: 'Apply failed with 2 conflicts: conflicts with "ctrl" using apps/v1:\n- .spec.paused\n- .spec.replicas' },
      },
      {
        // Forced: the applier owns both; the null leaves the typed object (defaulting fills replicas back in).
        op: 'apply',
        manager: 'a',
        time: T(3),
        force: true,
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { paused: false, replicas: null } },
        expectObject: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { paused: false } },
        expectManaged: [entry('a', 'Apply', 'apps/v1', T(3), { 'f:spec': { 'f:paused': {}, 'f:replicas': {} } })],
      },
    ],
  },
];

for (const s of scenarios) test(s.name, () => runScenario(s));

test('update managers beyond ten merge the oldest into ancient-changes', () => {
  const steps: Scenario['steps'] = [];
  const data: Record<string, string> = {};
  for (let i = 0; i <= 10; i++) {
    data[`k${i}`] = 'v';
    steps.push({ op: 'update', manager: `m${i}`, time: T(i), object: cm({ ...data }) });
  }
  const last = steps[steps.length - 1];
  last.expectManaged = [
    entry('ancient-changes', 'Update', 'v1', T(1), { 'f:data': { '.': {}, 'f:k0': {}, 'f:k1': {} } }),
    ...Array.from({ length: 9 }, (_, j) => entry(`m${j + 2}`, 'Update', 'v1', T(j + 2), { 'f:data': { [`f:k${j + 2}`]: {} } })),
  ];
  runScenario({ name: 'cap', schema: ConfigMap, apiVersion: 'v1', steps });
});

test('apply errors: managedFields in the body, wrong kind, bodies that do not fit the schema', () => {
  runScenario({
    name: 'errors',
    schema: Deployment,
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    steps: [
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', managedFields: [] } },
        expectError: { code: 400, reason: 'BadRequest', message: 'metadata.managedFields must be nil' },
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web' } },
        expectError: { code: 400, reason: 'BadRequest', message: 'invalid object type: apps/v1, Kind=StatefulSet' },
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'ns' }, spec: { replica: 1 } },
        expectError: { code: 500, reason: '', message: 'failed to create typed patch object (ns/web; apps/v1, Kind=Deployment): .spec.replica: field not declared in schema' },
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers: [{ image: 'x' }] } } } },
        expectError: {
          code: 500,
          message:
            'failed to create typed patch object (/web; apps/v1, Kind=Deployment): .spec.template.spec.containers: element 0: associative list with keys has an element that omits key field "name" (and doesn\'t have default value)',
        },
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers: [{ name: 'a' }, { name: 'a' }] } } } },
        expectError: { code: 500, message: 'failed to create typed patch object (/web; apps/v1, Kind=Deployment): .spec.template.spec.containers: duplicate entries for key [name="a"]' },
      },
      {
        op: 'apply',
        manager: 'a',
        time: T(1),
        object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 'two', paused: 'yes' } },
        expectError: {
          code: 500,
          message: 'failed to create typed patch object (/web; apps/v1, Kind=Deployment): errors:\n  .spec.replicas: expected numeric (int or float), got string\n  .spec.paused: expected boolean, got &{yes}',
        },
      },
    ],
  });
});
