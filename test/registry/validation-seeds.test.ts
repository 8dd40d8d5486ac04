// Kind-specific validation of the seed resources: each invalid object yields upstream's
// 422 causes (field, reason, message) in upstream's order; valid objects pass.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalid, type StatusCause } from '../../src/apimachinery/errors.js';
import { validatorsFor } from '../../src/registry/validation/index.js';

type Obj = Record<string, any>;

function causes(group: string, kind: string, obj: Obj, old?: Obj): StatusCause[] {
  const v = validatorsFor(group, kind);
  assert.ok(v, `validators for ${group}/${kind}`);
  const errs = old ? v.validateUpdate!(obj, old) : v.validate!(obj);
  return invalid({ group, kind }, String(obj.metadata?.name ?? ''), errs).status.details!.causes!;
}

const c = (reason: string, field: string, message: string): StatusCause => ({ reason, message, field });
const FC = 'flowcontrol.apiserver.k8s.io';
const AR = 'admissionregistration.k8s.io';
const RBAC = 'rbac.authorization.k8s.io';

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

// ---- FlowSchema ----

const validFlowSchema = (): Obj => ({
  metadata: { name: 'fs' },
  spec: {
    priorityLevelConfiguration: { name: 'global-default' },
    matchingPrecedence: 1000,
    distinguisherMethod: { type: 'ByUser' },
    rules: [
      {
        subjects: [
          { kind: 'Group', group: { name: 'system:authenticated' } },
          { kind: 'ServiceAccount', serviceAccount: { namespace: 'kube-system', name: '*' } },
          { kind: 'User', user: { name: 'alice' } },
        ],
        resourceRules: [
          { verbs: ['get', 'list'], apiGroups: [''], resources: ['pods', 'nodes/status'], namespaces: ['*'] },
          { verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true },
        ],
        nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/healthz/*'] }],
      },
    ],
  },
});

test('FlowSchema: a valid schema passes', () => {
  assert.deepEqual(validatorsFor(FC, 'FlowSchema')!.validate!(validFlowSchema()), []);
});

test('FlowSchema: precedence range, distinguisher enum and priority level reference', () => {
  const fs = validFlowSchema();
  fs.spec.matchingPrecedence = 10001;
  fs.spec.distinguisherMethod = { type: 'ByGroup' };
  fs.spec.priorityLevelConfiguration = { name: '' };
  assert.deepEqual(causes(FC, 'FlowSchema', fs), [
    c('FieldValueInvalid', 'spec.matchingPrecedence', 'Invalid value: 10001: must not be greater than 10000'),
    c('FieldValueNotSupported', 'spec.distinguisherMethod.type', 'Unsupported value: {"type":"ByGroup"}: supported values: "ByNamespace", "ByUser"'),
    c('FieldValueRequired', 'spec.priorityLevelConfiguration.name', 'Required value: must reference a priority level'),
  ]);
  fs.spec.matchingPrecedence = 0;
  fs.spec.distinguisherMethod = null;
  fs.spec.priorityLevelConfiguration = { name: 'Bad_Name' };
  assert.deepEqual(causes(FC, 'FlowSchema', fs), [
    c('FieldValueInvalid', 'spec.matchingPrecedence', 'Invalid value: 0: must be a positive value'),
    c('FieldValueInvalid', 'spec.priorityLevelConfiguration.name', `Invalid value: "Bad_Name": ${SUBDOMAIN_MSG}`),
  ]);
  fs.spec.matchingPrecedence = 1;
  fs.spec.priorityLevelConfiguration = { name: 'x' };
  assert.deepEqual(causes(FC, 'FlowSchema', fs), [
    c('FieldValueInvalid', 'spec.matchingPrecedence', "Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"),
  ]);
});

test('FlowSchema: subjects must be consistent with their kind', () => {
  const fs = validFlowSchema();
  fs.spec.rules[0].subjects = [
    { kind: 'User', group: { name: 'g' } },
    { kind: 'ServiceAccount', serviceAccount: { name: '', namespace: '' }, user: { name: 'u' } },
    { kind: 'Group', group: { name: '' } },
    { kind: 'Robot' },
  ];
  assert.deepEqual(causes(FC, 'FlowSchema', fs), [
    c('FieldValueRequired', 'spec.rules[0].subjects[0].user', "Required value: user is required when subject kind is 'User'"),
    c('FieldValueForbidden', 'spec.rules[0].subjects[0].group', "Forbidden: group is forbidden when subject kind is not 'Group'"),
    c('FieldValueRequired', 'spec.rules[0].subjects[1].serviceAccount.name', 'Required value'),
    c('FieldValueRequired', 'spec.rules[0].subjects[1].serviceAccount.namespace', 'Required value: must specify namespace for service account'),
    c('FieldValueForbidden', 'spec.rules[0].subjects[1].user', "Forbidden: user is forbidden when subject kind is not 'User'"),
    c('FieldValueRequired', 'spec.rules[0].subjects[2].group.name', 'Required value'),
    c('FieldValueNotSupported', 'spec.rules[0].subjects[3].kind', 'Unsupported value: "Robot": supported values: "Group", "ServiceAccount", "User"'),
  ]);
  fs.spec.rules[0].subjects = [];
  fs.spec.rules[0].resourceRules = [];
  fs.spec.rules[0].nonResourceRules = [];
  assert.deepEqual(causes(FC, 'FlowSchema', fs), [
    c('FieldValueRequired', 'spec.rules[0].subjects', 'Required value: subjects must contain at least one value'),
    c('FieldValueRequired', 'spec.rules[0]', 'Required value: at least one of resourceRules and nonResourceRules has to be non-empty'),
  ]);
});

test('FlowSchema: rules, wildcards, namespaces and non-resource URLs', () => {
  const fs = validFlowSchema();
  fs.spec.rules[0].resourceRules = [
    { verbs: ['get', '*'], apiGroups: ['*', 'apps'], resources: [], namespaces: [] },
    { verbs: ['fly'], apiGroups: [], resources: ['*', 'pods'], namespaces: ['*', 'default'] },
    { verbs: ['get'], apiGroups: ['apps'], resources: ['pods'], namespaces: ['Kube_System'] },
  ];
  fs.spec.rules[0].nonResourceRules = [
    { verbs: [], nonResourceURLs: [] },
    { verbs: ['get'], nonResourceURLs: ['*', '/healthz'] },
    { verbs: ['get'], nonResourceURLs: ['/hea*', 'healthz', '/a b', '//x', '/'] },
  ];
  assert.deepEqual(causes(FC, 'FlowSchema', fs), [
    c('FieldValueInvalid', 'spec.rules[0].resourceRules[0].verbs', `Invalid value: ["get","*"]: if '*' is present, must not specify other verbs`),
    c('FieldValueInvalid', 'spec.rules[0].resourceRules[0].apiGroups', `Invalid value: ["*","apps"]: if '*' is present, must not specify other api groups`),
    c('FieldValueRequired', 'spec.rules[0].resourceRules[0].resources', 'Required value: resource rules must supply at least one resource'),
    c('FieldValueRequired', 'spec.rules[0].resourceRules[0].namespaces', 'Required value: resource rules that are not cluster scoped must supply at least one namespace'),
    c(
      'FieldValueNotSupported',
      'spec.rules[0].resourceRules[1].verbs',
      'Unsupported value: ["fly"]: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
    ),
    c('FieldValueRequired', 'spec.rules[0].resourceRules[1].apiGroups', 'Required value: resource rules must supply at least one api group'),
    c('FieldValueInvalid', 'spec.rules[0].resourceRules[1].resources', `Invalid value: ["*","pods"]: if '*' is present, must not specify other resources`),
    c('FieldValueInvalid', 'spec.rules[0].resourceRules[1].namespaces', `Invalid value: ["*","default"]: if '*' is present, must not specify other namespaces`),
    c(
      'FieldValueInvalid',
      'spec.rules[0].resourceRules[2].namespaces[0]',
      `Invalid value: "Kube_System": each member of this list must be '*' or a DNS-1123 label; ${LABEL_MSG}`,
    ),
    c('FieldValueRequired', 'spec.rules[0].nonResourceRules[0].verbs', 'Required value: verbs must contain at least one value'),
    c('FieldValueRequired', 'spec.rules[0].nonResourceRules[0].nonResourceURLs', 'Required value: nonResourceURLs must contain at least one value'),
    c('FieldValueInvalid', 'spec.rules[0].nonResourceRules[1].nonResourceURLs', `Invalid value: ["*","/healthz"]: if '*' is present, must not specify other non-resource URLs`),
    c('FieldValueInvalid', 'spec.rules[0].nonResourceRules[2].nonResourceURLs[0]', 'Invalid value: "/hea*": wildcard can only do suffix matching'),
    c('FieldValueInvalid', 'spec.rules[0].nonResourceRules[2].nonResourceURLs[1]', 'Invalid value: "healthz": must start with slash'),
    c('FieldValueInvalid', 'spec.rules[0].nonResourceRules[2].nonResourceURLs[2]', 'Invalid value: "/a b": must not contain white-space'),
    c('FieldValueInvalid', 'spec.rules[0].nonResourceRules[2].nonResourceURLs[3]', 'Invalid value: "//x": must not contain double slash'),
  ]);
});

test('FlowSchema: the mandatory schemas must equal their fixed value; status conditions', () => {
  const exempt: Obj = {
    metadata: { name: 'exempt' },
    spec: {
      priorityLevelConfiguration: { name: 'exempt' },
      matchingPrecedence: 1,
      rules: [
        {
          subjects: [{ kind: 'Group', group: { name: 'system:masters' } }],
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
          nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
        },
      ],
    },
  };
  assert.deepEqual(validatorsFor(FC, 'FlowSchema')!.validate!(exempt), []);
  exempt.spec.rules[0].subjects[0].group.name = 'system:authenticated';
  const got = causes(FC, 'FlowSchema', exempt);
  assert.equal(got.length, 1);
  assert.equal(got[0]!.field, 'spec');
  assert.match(got[0]!.message!, /^Invalid value: \{.*\}: spec of 'exempt' must equal the fixed value$/);

  const fs = validFlowSchema();
  fs.status = { conditions: [{ type: 'Dangling', status: 'True' }, { type: 'Dangling', status: 'False' }, { type: '' }] };
  assert.deepEqual(causes(FC, 'FlowSchema', fs, validFlowSchema()), [
    c('FieldValueDuplicate', 'status.conditions[1].type', 'Duplicate value: "Dangling"'),
    c('FieldValueRequired', 'status.conditions[2].type', 'Required value: must not be empty'),
  ]);
});

// ---- PriorityLevelConfiguration ----

const validPLC = (): Obj => ({
  metadata: { name: 'workload' },
  spec: {
    type: 'Limited',
    limited: {
      nominalConcurrencyShares: 30,
      lendablePercent: 50,
      borrowingLimitPercent: 200,
      limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } },
    },
  },
});

test('PriorityLevelConfiguration: valid levels pass, zero shares included', () => {
  const v = validatorsFor(FC, 'PriorityLevelConfiguration')!;
  assert.deepEqual(v.validate!(validPLC()), []);
  const zero = validPLC();
  zero.spec.limited.nominalConcurrencyShares = 0;
  zero.spec.limited.limitResponse = { type: 'Reject' };
  assert.deepEqual(v.validate!(zero), []);
  const exempt = { metadata: { name: 'exempt' }, spec: { type: 'Exempt', exempt: { nominalConcurrencyShares: 10, lendablePercent: 20 } } };
  assert.deepEqual(v.validate!(exempt), []);
  const catchAll = {
    metadata: { name: 'catch-all' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } },
  };
  assert.deepEqual(v.validate!(catchAll), []);
});

test('PriorityLevelConfiguration: type, limited/exempt consistency and percentages', () => {
  const pl = validPLC();
  pl.spec.exempt = {};
  pl.spec.limited.nominalConcurrencyShares = -1;
  pl.spec.limited.lendablePercent = 101;
  pl.spec.limited.borrowingLimitPercent = -1;
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueForbidden', 'spec.exempt', 'Forbidden: must be nil if the type is Limited'),
    c('FieldValueInvalid', 'spec.limited.nominalConcurrencyShares', 'Invalid value: -1: must be a non-negative integer'),
    c('FieldValueInvalid', 'spec.limited.lendablePercent', 'Invalid value: 101: must be between 0 and 100, inclusive'),
    c('FieldValueInvalid', 'spec.limited.borrowingLimitPercent', 'Invalid value: -1: if specified, must be a non-negative integer'),
  ]);
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', { metadata: { name: 'x' }, spec: { type: 'Limited' } }), [
    c('FieldValueRequired', 'spec.limited', 'Required value: must not be empty when type is Limited'),
  ]);
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', { metadata: { name: 'x' }, spec: { type: 'Exempt', limited: {}, exempt: { lendablePercent: -5 } } }), [
    c('FieldValueInvalid', 'spec.type', "Invalid value: \"Exempt\": type must be 'Exempt' if and only if name is 'exempt'"),
    c('FieldValueForbidden', 'spec.limited', 'Forbidden: must be nil if the type is not Limited'),
    c('FieldValueInvalid', 'spec.exempt.lendablePercent', 'Invalid value: -5: must be between 0 and 100, inclusive'),
  ]);
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', { metadata: { name: 'x' }, spec: { type: 'Sometimes' } }), [
    c('FieldValueNotSupported', 'spec.type', 'Unsupported value: "Sometimes": supported values: "Exempt", "Limited"'),
  ]);
});

test('PriorityLevelConfiguration: limit response and queuing bounds, entropy', () => {
  const pl = validPLC();
  pl.spec.limited.limitResponse = { type: 'Reject', queuing: { queues: 1 } };
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueForbidden', 'spec.limited.limitResponse.queuing', 'Forbidden: must be nil if limited.limitResponse.type is not Limited'),
  ]);
  pl.spec.limited.limitResponse = { type: 'Queue' };
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueRequired', 'spec.limited.limitResponse.queuing', 'Required value: must not be empty if limited.limitResponse.type is Limited'),
  ]);
  pl.spec.limited.limitResponse = { type: 'Drop' };
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueNotSupported', 'spec.limited.limitResponse.type', 'Unsupported value: "Drop": supported values: "Queue", "Reject"'),
  ]);
  pl.spec.limited.limitResponse = { type: 'Queue', queuing: { queues: 0, handSize: 0, queueLengthLimit: 0 } };
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueInvalid', 'spec.limited.limitResponse.queuing.queueLengthLimit', 'Invalid value: 0: must be positive'),
    c('FieldValueInvalid', 'spec.limited.limitResponse.queuing.queues', 'Invalid value: 0: must be positive'),
    c('FieldValueInvalid', 'spec.limited.limitResponse.queuing.handSize', 'Invalid value: 0: must be positive'),
  ]);
  pl.spec.limited.limitResponse = { type: 'Queue', queuing: { queues: 10000001, handSize: 10, queueLengthLimit: 1 } };
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueInvalid', 'spec.limited.limitResponse.queuing.queues', 'Invalid value: 10000001: must not be greater than 10000000'),
    c(
      'FieldValueInvalid',
      'spec.limited.limitResponse.queuing.handSize',
      'Invalid value: 10: required entropy bits of deckSize 10000001 and handSize 10 should not be greater than 60',
    ),
  ]);
  pl.spec.limited.limitResponse = { type: 'Queue', queuing: { queues: 8, handSize: 9, queueLengthLimit: 1 } };
  assert.deepEqual(causes(FC, 'PriorityLevelConfiguration', pl), [
    c('FieldValueInvalid', 'spec.limited.limitResponse.queuing.handSize', 'Invalid value: 9: should not be greater than queues (8)'),
  ]);
});

test('PriorityLevelConfiguration: mandatory levels keep their fixed spec', () => {
  const exempt = { metadata: { name: 'exempt' }, spec: { type: 'Exempt', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Reject' } } } };
  const got = causes(FC, 'PriorityLevelConfiguration', exempt);
  assert.deepEqual(got[0], c('FieldValueForbidden', 'spec.limited', 'Forbidden: must be nil if the type is not Limited'));
  assert.equal(got[1]!.field, 'spec');
  assert.match(got[1]!.message!, /spec of 'exempt' except the 'spec.exempt' field must equal the fixed value$/);
  const catchAll = {
    metadata: { name: 'catch-all' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 6, lendablePercent: 0, limitResponse: { type: 'Reject' } } },
  };
  const g2 = causes(FC, 'PriorityLevelConfiguration', catchAll);
  assert.equal(g2.length, 1);
  assert.match(g2[0]!.message!, /spec of 'catch-all' must equal the fixed value$/);
});

// ---- LimitRange ----

test('LimitRange: valid limits pass', () => {
  const lr = {
    metadata: { name: 'lr', namespace: 'ns' },
    spec: {
      limits: [
        { type: 'Container', min: { cpu: '100m' }, max: { cpu: '2', memory: '1Gi' }, default: { cpu: '500m' }, defaultRequest: { cpu: '200m' }, maxLimitRequestRatio: { cpu: '4' } },
        { type: 'Pod', max: { cpu: '4' } },
        { type: 'PersistentVolumeClaim', min: { storage: '1Gi' } },
        { type: 'example.com/widget', max: { 'example.com/gadget': '3' } },
      ],
    },
  };
  assert.deepEqual(validatorsFor('', 'LimitRange')!.validate!(lr), []);
});

// The quantities are printed as Go's %#v prints a resource.Quantity value (kube-apiserver v1.32 answers so).
test('LimitRange: type names, min <= defaultRequest <= default <= max, ratios', () => {
  const lr = {
    metadata: { name: 'lr' },
    spec: {
      limits: [
        {
          type: 'Container',
          min: { cpu: '2' },
          max: { cpu: '1' },
          default: { cpu: '500m' },
          defaultRequest: { cpu: '3' },
          maxLimitRequestRatio: { cpu: '500m', memory: '3' },
        },
        { type: 'Container', max: { bogus: '1' } },
        { type: 'Pod', default: { cpu: '1' }, defaultRequest: { cpu: '1' } },
        { type: 'PersistentVolumeClaim', max: { memory: '1Gi' } },
        { type: 'Widget' },
      ],
    },
  };
  assert.deepEqual(causes('', 'LimitRange', lr), [
    c('FieldValueInvalid', 'spec.limits[0].min[cpu]', 'Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}: min value 2 is greater than max value 1'),
    c('FieldValueInvalid', 'spec.limits[0].defaultRequest[cpu]', 'Invalid value: resource.Quantity{i:resource.int64Amount{value:3, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"3", Format:"DecimalSI"}: default request value 3 is greater than max value 1'),
    c('FieldValueInvalid', 'spec.limits[0].defaultRequest[cpu]', 'Invalid value: resource.Quantity{i:resource.int64Amount{value:3, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"3", Format:"DecimalSI"}: default request value 3 is greater than default limit value 500m'),
    c('FieldValueInvalid', 'spec.limits[0].default[cpu]', 'Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}: min value 2 is greater than default value 500m'),
    c('FieldValueInvalid', 'spec.limits[0].maxLimitRequestRatio[cpu]', 'Invalid value: resource.Quantity{i:resource.int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"500m", Format:"DecimalSI"}: ratio 500m is less than 1'),
    c('FieldValueDuplicate', 'spec.limits[1].type', 'Duplicate value: "Container"'),
    c('FieldValueInvalid', 'spec.limits[1].max[bogus]', 'Invalid value: "bogus": must be a standard resource type or fully qualified'),
    c('FieldValueInvalid', 'spec.limits[1].max[bogus]', 'Invalid value: "bogus": must be a standard resource for containers'),
    c('FieldValueForbidden', 'spec.limits[2].default', "Forbidden: may not be specified when `type` is 'Pod'"),
    c('FieldValueForbidden', 'spec.limits[2].defaultRequest', "Forbidden: may not be specified when `type` is 'Pod'"),
    c('FieldValueRequired', 'spec.limits[3].limits', 'Required value: either minimum or maximum storage value is required, but neither was provided'),
    c('FieldValueInvalid', 'spec.limits[4].type', 'Invalid value: "Widget": must be a standard limit type or fully qualified'),
  ]);
  const ratio = { metadata: { name: 'lr' }, spec: { limits: [{ type: 'Container', min: { cpu: '1' }, max: { cpu: '2' }, maxLimitRequestRatio: { cpu: '3' } }, { type: 'Container' }] } };
  assert.deepEqual(causes('', 'LimitRange', ratio), [
    c('FieldValueInvalid', 'spec.limits[0].maxLimitRequestRatio[cpu]', 'Invalid value: resource.Quantity{i:resource.int64Amount{value:3, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"3", Format:"DecimalSI"}: ratio 3 is greater than max/min = 2.000000'),
    c('FieldValueDuplicate', 'spec.limits[1].type', 'Duplicate value: "Container"'),
  ]);
  const gpu = { metadata: { name: 'lr' }, spec: { limits: [{ type: 'Container', default: { 'nvidia.com/gpu': '2' }, defaultRequest: { 'nvidia.com/gpu': '1' } }] } };
  assert.deepEqual(causes('', 'LimitRange', gpu), [
    c('FieldValueInvalid', 'spec.limits[0].defaultRequest[nvidia.com/gpu]', 'Invalid value: "1": default value 2 must equal to defaultRequest value 1 in nvidia.com/gpu'),
  ]);
});

// ---- ResourceQuota ----

test('ResourceQuota: valid quotas pass', () => {
  const v = validatorsFor('', 'ResourceQuota')!;
  assert.deepEqual(v.validate!({ metadata: { name: 'q' }, spec: { hard: { pods: '10', 'requests.cpu': '4', 'count/deployments.apps': '5', 'requests.nvidia.com/gpu': '2' } } }), []);
  assert.deepEqual(v.validate!({ metadata: { name: 'q' }, spec: { hard: { pods: '5', cpu: '1' }, scopes: ['NotTerminating', 'NotBestEffort'] } }), []);
  assert.deepEqual(
    v.validate!({
      metadata: { name: 'q' },
      spec: {
        hard: { pods: '3' },
        scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }, { scopeName: 'BestEffort', operator: 'Exists' }] },
      },
    }),
    [],
  );
  assert.deepEqual(
    v.validate!({
      metadata: { name: 'q' },
      spec: { hard: { persistentvolumeclaims: '3', 'requests.storage': '10Gi' }, scopeSelector: { matchExpressions: [{ scopeName: 'VolumeAttributesClass', operator: 'In', values: ['gold'] }] } },
    }),
    [],
  );
});

test('ResourceQuota: resource names, quantities, scopes and scope selectors', () => {
  const rq = {
    metadata: { name: 'q' },
    spec: {
      hard: { pods: '1.5', services: '-1', widgets: '1', 'requests.storage': '1Gi' },
      scopes: ['BestEffort', 'NotBestEffort', 'Sometimes'],
    },
  };
  const scopes = '["BestEffort","NotBestEffort","Sometimes"]';
  assert.deepEqual(causes('', 'ResourceQuota', rq), [
    c('FieldValueInvalid', 'spec.hard[pods]', 'Invalid value: "1500m": must be an integer'),
    c('FieldValueInvalid', 'spec.hard[services]', 'Invalid value: "-1": must be greater than or equal to 0'),
    c('FieldValueInvalid', 'spec.hard[widgets]', 'Invalid value: "widgets": must be a standard resource type or fully qualified'),
    c('FieldValueInvalid', 'spec.hard[widgets]', 'Invalid value: "widgets": must be a standard resource for quota'),
    // BestEffort and NotBestEffort each reject requests.storage and services.
    c('FieldValueInvalid', 'spec.scopes', `Invalid value: ${scopes}: unsupported scope applied to resource`),
    c('FieldValueInvalid', 'spec.scopes', `Invalid value: ${scopes}: unsupported scope applied to resource`),
    c('FieldValueInvalid', 'spec.scopes', `Invalid value: ${scopes}: unsupported scope applied to resource`),
    c('FieldValueInvalid', 'spec.scopes', `Invalid value: ${scopes}: unsupported scope applied to resource`),
    c('FieldValueInvalid', 'spec.scopes', `Invalid value: ${scopes}: unsupported scope`),
    c('FieldValueInvalid', 'spec.scopes', `Invalid value: ${scopes}: conflicting scopes`),
  ]);
  const sel = {
    metadata: { name: 'q' },
    spec: {
      hard: { pods: '1' },
      scopeSelector: {
        matchExpressions: [
          { scopeName: 'Terminating', operator: 'In', values: ['x'] },
          { scopeName: 'PriorityClass', operator: 'NotIn' },
          { scopeName: 'PriorityClass', operator: 'Exists', values: ['a'] },
          { scopeName: 'Forever', operator: 'Equals' },
        ],
      },
    },
  };
  const p = 'spec.scopeSelector.matchExpressions';
  assert.deepEqual(causes('', 'ResourceQuota', sel), [
    c(
      'FieldValueInvalid',
      `${p}.operator`,
      "Invalid value: \"In\": must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
    ),
    c('FieldValueRequired', `${p}.values`, "Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"),
    c('FieldValueInvalid', `${p}.values`, `Invalid value: ["a"]: must be no value when \`operator\` is 'Exist' or 'DoesNotExist' for scope selector`),
    c('FieldValueInvalid', `${p}.scopeName`, 'Invalid value: "Forever": unsupported scope'),
    c('FieldValueInvalid', `${p}.operator`, 'Invalid value: "Equals": not a valid selector operator'),
  ]);
});

test('ResourceQuota: scopes are immutable on update', () => {
  const old = { metadata: { name: 'q' }, spec: { hard: { pods: '1' }, scopes: ['Terminating'] } };
  const next = { metadata: { name: 'q' }, spec: { hard: { pods: '2' }, scopes: ['NotTerminating'] } };
  assert.deepEqual(causes('', 'ResourceQuota', next, old), [c('FieldValueInvalid', 'spec.scopes', 'Invalid value: ["NotTerminating"]: field is immutable')]);
  assert.deepEqual(validatorsFor('', 'ResourceQuota')!.validateUpdate!({ ...old, status: { used: { pods: '1' } } }, old), []);
});

// ---- NetworkPolicy ----

const validNP = (): Obj => ({
  metadata: { name: 'np', namespace: 'default' },
  spec: {
    podSelector: { matchLabels: { app: 'db' } },
    ingress: [
      {
        from: [{ ipBlock: { cidr: '10.0.0.0/16', except: ['10.0.1.0/24'] } }, { namespaceSelector: {}, podSelector: { matchLabels: { role: 'fe' } } }],
        ports: [{ protocol: 'TCP', port: 5432 }, { protocol: 'TCP', port: 32000, endPort: 32768 }, { protocol: 'UDP', port: 'dns' }],
      },
    ],
    egress: [{ to: [{ ipBlock: { cidr: 'fd00::/64' } }] }],
    policyTypes: ['Ingress', 'Egress'],
  },
});

test('NetworkPolicy: a valid policy passes', () => {
  assert.deepEqual(validatorsFor('networking.k8s.io', 'NetworkPolicy')!.validate!(validNP()), []);
});

test('NetworkPolicy: ports, peers, ipBlock and policy types', () => {
  const np = validNP();
  np.spec.podSelector = { matchExpressions: [{ key: 'app', operator: 'Within', values: ['x'] }] };
  np.spec.ingress[0].ports = [
    { protocol: 'ICMP', port: 80, endPort: 70 },
    { protocol: 'TCP', port: 'http-web-frontend', endPort: 90 },
    { protocol: 'TCP', endPort: 90 },
    { protocol: 'TCP', port: 70000 },
  ];
  np.spec.ingress[0].from = [
    { ipBlock: { cidr: '10.0.0.0/16', except: ['10.1.0.0/24', '10.0.0.0/8', 'nope'] }, podSelector: {} },
    {},
    { ipBlock: { cidr: '' } },
    { ipBlock: { cidr: '10.0.0.0/33' } },
  ];
  np.spec.policyTypes = ['Ingress', 'Sideways'];
  const p = 'spec.ingress[0]';
  assert.deepEqual(causes('networking.k8s.io', 'NetworkPolicy', np), [
    c('FieldValueInvalid', 'spec.podSelector.matchExpressions[0].operator', 'Invalid value: "Within": not a valid selector operator'),
    c('FieldValueNotSupported', `${p}.ports[0].protocol`, 'Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"'),
    c('FieldValueInvalid', `${p}.ports[0].endPort`, 'Invalid value: 70: must be greater than or equal to `port`'),
    c('FieldValueInvalid', `${p}.ports[1].endPort`, 'Invalid value: 90: may not be specified when `port` is non-numeric'),
    c('FieldValueInvalid', `${p}.ports[1].port`, 'Invalid value: "http-web-frontend": must be no more than 15 characters'),
    c('FieldValueInvalid', `${p}.ports[2].endPort`, 'Invalid value: 90: may not be specified when `port` is not specified'),
    c('FieldValueInvalid', `${p}.ports[3].port`, 'Invalid value: 70000: must be between 1 and 65535, inclusive'),
    c('FieldValueInvalid', `${p}.from[0].ipBlock.except[0]`, 'Invalid value: "10.1.0.0/24": must be a strict subset of `cidr`'),
    c('FieldValueInvalid', `${p}.from[0].ipBlock.except[1]`, 'Invalid value: "10.0.0.0/8": must be a strict subset of `cidr`'),
    c('FieldValueInvalid', `${p}.from[0].ipBlock.except[2]`, 'Invalid value: "nope": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'),
    c('FieldValueForbidden', `${p}.from[0]`, 'Forbidden: may not specify both ipBlock and another peer'),
    c('FieldValueRequired', `${p}.from[1]`, 'Required value: must specify a peer'),
    c('FieldValueRequired', `${p}.from[2].ipBlock.cidr`, 'Required value'),
    c('FieldValueInvalid', `${p}.from[3].ipBlock.cidr`, 'Invalid value: "10.0.0.0/33": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'),
    c('FieldValueNotSupported', 'spec.policyTypes[1]', 'Unsupported value: "Sideways": supported values: "Ingress", "Egress"'),
  ]);
  const three = validNP();
  three.spec.policyTypes = ['Ingress', 'Egress', 'Ingress'];
  assert.deepEqual(causes('networking.k8s.io', 'NetworkPolicy', three), [
    c('FieldValueInvalid', 'spec.policyTypes', 'Invalid value: ["Ingress","Egress","Ingress"]: may not specify more than two policyTypes'),
  ]);
});

test('NetworkPolicy: CIDRs already stored are accepted again on update', () => {
  const old = validNP();
  old.spec.ingress[0].from = [{ ipBlock: { cidr: '10.0.0.0/16', except: ['10.0.0.1/33'] } }];
  const next = structuredClone(old);
  next.spec.ingress[0].ports = [];
  assert.deepEqual(validatorsFor('networking.k8s.io', 'NetworkPolicy')!.validateUpdate!(next, old), []);
  assert.equal(validatorsFor('networking.k8s.io', 'NetworkPolicy')!.validate!(next).length, 1);
});

// ---- PodDisruptionBudget ----

test('PodDisruptionBudget: valid budgets pass', () => {
  const v = validatorsFor('policy', 'PodDisruptionBudget')!;
  assert.deepEqual(v.validate!({ metadata: { name: 'p' }, spec: { minAvailable: '50%', selector: { matchLabels: { app: 'x' } }, unhealthyPodEvictionPolicy: 'AlwaysAllow' } }), []);
  assert.deepEqual(v.validate!({ metadata: { name: 'p' }, spec: { maxUnavailable: 0, selector: {} } }), []);
});

test('PodDisruptionBudget: exclusivity, int-or-percent ranges and the eviction policy enum', () => {
  const pdb = { metadata: { name: 'p' }, spec: { minAvailable: '150%', maxUnavailable: -1, unhealthyPodEvictionPolicy: 'Never' } };
  assert.deepEqual(causes('policy', 'PodDisruptionBudget', pdb), [
    c('FieldValueInvalid', 'spec', 'Invalid value: {"minAvailable":"150%","maxUnavailable":-1,"unhealthyPodEvictionPolicy":"Never"}: minAvailable and maxUnavailable cannot be both set'),
    c('FieldValueInvalid', 'spec.minAvailable', 'Invalid value: "150%": must not be greater than 100%'),
    c('FieldValueInvalid', 'spec.maxUnavailable', 'Invalid value: -1: must be greater than or equal to 0'),
    c('FieldValueNotSupported', 'spec.unhealthyPodEvictionPolicy', 'Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"'),
  ]);
  assert.deepEqual(causes('policy', 'PodDisruptionBudget', { metadata: { name: 'p' }, spec: { minAvailable: 'half', selector: { matchLabels: { 'a/b/c': 'x' } } } }), [
    c(
      'FieldValueInvalid',
      'spec.minAvailable',
      "Invalid value: \"half\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ),
    c(
      'FieldValueInvalid',
      'spec.selector.matchLabels',
      "Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ),
  ]);
});

test('PodDisruptionBudget: status counts and conditions on update', () => {
  const old = { metadata: { name: 'p' }, spec: { minAvailable: 1 } };
  const next = {
    ...old,
    status: {
      disruptionsAllowed: -1,
      currentHealthy: 0,
      desiredHealthy: 0,
      expectedPods: 0,
      conditions: [{ type: 'DisruptionAllowed', status: 'Maybe', reason: 'Sufficient Pods', lastTransitionTime: '2025-01-01T00:00:00Z', message: '' }],
    },
  };
  const got = causes('policy', 'PodDisruptionBudget', next, old);
  assert.deepEqual(got.map((x) => x.field), ['status.conditions[0].status', 'status.conditions[0].reason', 'status.disruptionsAllowed']);
  assert.equal(got[0]!.message, 'Unsupported value: "Maybe": supported values: "False", "True", "Unknown"');
});

// ---- ValidatingAdmissionPolicy ----

const validVAP = (): Obj => ({
  metadata: { name: 'replica-limit' },
  spec: {
    failurePolicy: 'Fail',
    paramKind: { apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit' },
    matchConstraints: {
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
      resourceRules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments', 'deployments/scale'], scope: '*' }],
    },
    matchConditions: [{ name: 'exclude-leases', expression: "request.resource.resource != 'leases'" }],
    variables: [
      { name: 'replicas', expression: 'object.spec.replicas' },
      { name: 'tooMany', expression: 'variables.replicas > params.maxReplicas' },
    ],
    validations: [
      { expression: '!variables.tooMany', messageExpression: "'too many replicas: ' + string(variables.replicas)", reason: 'Forbidden' },
      { expression: "authorizer.group('apps').resource('deployments').check('update').allowed()", message: 'not allowed' },
    ],
    auditAnnotations: [{ key: 'high-replica-count', valueExpression: "variables.tooMany ? 'yes' : 'no'" }, { key: 'always-null', valueExpression: 'null' }],
  },
});

test('ValidatingAdmissionPolicy: a valid policy passes, CEL included', () => {
  assert.deepEqual(validatorsFor(AR, 'ValidatingAdmissionPolicy')!.validate!(validVAP()), []);
});

test('ValidatingAdmissionPolicy: required fields and match constraints', () => {
  const p = { metadata: { name: 'p' }, spec: { failurePolicy: 'Sometimes' } };
  assert.deepEqual(causes(AR, 'ValidatingAdmissionPolicy', p), [
    c('FieldValueNotSupported', 'spec.failurePolicy', 'Unsupported value: "Sometimes": supported values: "Fail", "Ignore"'),
    c('FieldValueRequired', 'spec.matchConstraints', 'Required value'),
    c('FieldValueRequired', 'spec.validations', 'Required value: validations or auditAnnotations must contain at least one item'),
    c('FieldValueRequired', 'spec.auditAnnotations', 'Required value: validations or auditAnnotations must contain at least one item'),
  ]);
  const vap = validVAP();
  vap.spec.failurePolicy = undefined;
  vap.spec.paramKind = { apiVersion: 'a/b/c', kind: '' };
  vap.spec.matchConstraints = {
    matchPolicy: 'Roughly',
    namespaceSelector: {},
    resourceRules: [{ operations: ['CREATE', '*', 'PATCH'], apiGroups: [], apiVersions: ['v1', ''], resources: ['*', 'pods', 'pods/*', 'pods/log'], scope: 'Global', resourceNames: ['a', 'a'] }],
  };
  const r = 'spec.matchConstraints.resourceRules[0]';
  assert.deepEqual(causes(AR, 'ValidatingAdmissionPolicy', vap), [
    c('FieldValueRequired', 'spec.failurePolicy', 'Required value'),
    c('FieldValueInvalid', 'spec.paramKind.apiVersion', 'Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c'),
    c('FieldValueRequired', 'spec.paramKind.kind', 'Required value'),
    c('FieldValueNotSupported', 'spec.matchConstraints.matchPolicy', 'Unsupported value: "Roughly": supported values: "Equivalent", "Exact"'),
    c('FieldValueRequired', 'spec.matchConstraints.objectSelector', 'Required value'),
    c('FieldValueDuplicate', `${r}.resourceNames[1]`, 'Duplicate value: "a"'),
    c('FieldValueInvalid', `${r}.operations`, `Invalid value: ["CREATE","*","PATCH"]: if '*' is present, must not specify other operations`),
    c('FieldValueNotSupported', `${r}.operations[2]`, 'Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"'),
    c('FieldValueRequired', `${r}.apiGroups`, 'Required value'),
    c('FieldValueRequired', `${r}.apiVersions[1]`, 'Required value'),
    c('FieldValueInvalid', `${r}.resources[3]`, "Invalid value: \"pods/log\": if 'pods/*' is present, must not specify pods/log"),
    c('FieldValueInvalid', `${r}.resources`, `Invalid value: ["*","pods","pods/*","pods/log"]: if '*' is present, must not specify other resources without subresources`),
    c('FieldValueNotSupported', `${r}.scope`, 'Unsupported value: "Global": supported values: "*", "Cluster", "Namespaced"'),
  ]);
  const noRules = validVAP();
  noRules.spec.matchConstraints.resourceRules = [];
  assert.deepEqual(causes(AR, 'ValidatingAdmissionPolicy', noRules), [c('FieldValueRequired', 'spec.matchConstraints.resourceRules', 'Required value')]);
});

test('ValidatingAdmissionPolicy: CEL expressions must compile with the right variables and types', () => {
  const vap = validVAP();
  vap.spec.paramKind = undefined;
  vap.spec.matchConditions = [
    { name: 'uses-params', expression: 'params.x == 1' },
    { name: 'not-bool', expression: "'yes'" },
    { name: 'uses-params', expression: 'true' },
    { name: '-bad-', expression: ' ' },
  ];
  vap.spec.variables = [
    { name: 'a', expression: 'variables.b' },
    { name: 'b', expression: '1' },
    { name: 'in', expression: 'request.name' },
  ];
  vap.spec.validations = [
    { expression: 'object.spec.replicas' },
    { expression: 'variables.b == "x"', message: ' ' },
    { expression: 'true', messageExpression: 'authorizer.path("/x").check("get").allowed()', message: 'a\nb', reason: 'Teapot' },
    { expression: ' ', messageExpression: '   ' },
  ];
  vap.spec.auditAnnotations = [{ key: 'k', valueExpression: '1 + 1' }, { key: 'bad key!', valueExpression: '' }];
  const got = causes(AR, 'ValidatingAdmissionPolicy', vap);
  assert.deepEqual(got, [
    c(
      'FieldValueInvalid',
      'spec.matchConditions[0].expression',
      "Invalid value: \"params.x == 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^",
    ),
    c('FieldValueInvalid', 'spec.matchConditions[1].expression', "Invalid value: \"'yes'\": must evaluate to bool"),
    c('FieldValueDuplicate', 'spec.matchConditions[2].name', 'Duplicate value: "uses-params"'),
    c('FieldValueRequired', 'spec.matchConditions[3].expression', 'Required value'),
    c(
      'FieldValueInvalid',
      'spec.matchConditions[3].name',
      "Invalid value: \"-bad-\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ),
    c(
      'FieldValueInvalid',
      'spec.variables[0].expression',
      "Invalid value: \"variables.b\": compilation failed: ERROR: <input>:1:10: undefined field 'b'\n | variables.b\n | .........^",
    ),
    c('FieldValueInvalid', 'spec.variables[2].name', 'Invalid value: "in": name is not a valid CEL identifier'),
    c('FieldValueInvalid', 'spec.validations[0].expression', 'Invalid value: "object.spec.replicas": must evaluate to bool'),
    c(
      'FieldValueInvalid',
      'spec.validations[1].expression',
      "Invalid value: \"variables.b == \\\"x\\\"\": compilation failed: ERROR: <input>:1:13: found no matching overload for '_==_' applied to '(int, string)'\n | variables.b == \"x\"\n | ............^",
    ),
    c('FieldValueInvalid', 'spec.validations[1].message', 'Invalid value: " ": message must be non-empty if specified'),
    c(
      'FieldValueInvalid',
      'spec.validations[2].messageExpression',
      "Invalid value: \"authorizer.path(\\\"/x\\\").check(\\\"get\\\").allowed()\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.path(\"/x\").check(\"get\").allowed()\n | ^",
    ),
    c('FieldValueInvalid', 'spec.validations[2].message', 'Invalid value: "a\\nb": message must not contain line breaks'),
    c('FieldValueNotSupported', 'spec.validations[2].reason', 'Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge", "Unauthorized"'),
    c('FieldValueRequired', 'spec.validations[3].expression', 'Required value: expression is not specified'),
    c('FieldValueInvalid', 'spec.validations[3].messageExpression', 'Invalid value: "   ": must be non-empty if specified'),
    c('FieldValueInvalid', 'spec.auditAnnotations[0].valueExpression', 'Invalid value: "1 + 1": must evaluate to one of [string null_type]'),
    c(
      'FieldValueInvalid',
      'spec.auditAnnotations[1].key',
      "Invalid value: \"replica-limit/bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ),
    c('FieldValueRequired', 'spec.auditAnnotations[1].valueExpression', 'Required value: valueExpression is not specified'),
  ]);
});

test('ValidatingAdmissionPolicy: a multi-line expression needs a message; too many audit annotations', () => {
  const vap = validVAP();
  vap.spec.validations = [{ expression: 'true &&\n  true' }];
  assert.deepEqual(causes(AR, 'ValidatingAdmissionPolicy', vap), [
    c('FieldValueRequired', 'spec.validations[0].message', 'Required value: message must be specified if expression contains line breaks'),
  ]);
  vap.spec.validations = [{ expression: 'true &&\n  true', message: 'fine' }];
  vap.spec.auditAnnotations = Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, valueExpression: "'v'" }));
  const got = causes(AR, 'ValidatingAdmissionPolicy', vap);
  assert.equal(got.length, 1);
  assert.equal(got[0]!.field, 'spec.auditAnnotations');
  assert.match(got[0]!.message!, /must not have more than 20 auditAnnotations$/);
});

test('ValidatingAdmissionPolicy: unchanged match conditions are not compiled again on update', () => {
  const old = validVAP();
  old.spec.matchConditions = [{ name: 'legacy', expression: 'undefinedThing' }];
  const next = structuredClone(old);
  next.spec.validations[1].message = 'still not allowed';
  assert.deepEqual(validatorsFor(AR, 'ValidatingAdmissionPolicy')!.validateUpdate!(next, old), []);
  assert.equal(validatorsFor(AR, 'ValidatingAdmissionPolicy')!.validate!(next).length, 1);
});

// ---- ValidatingAdmissionPolicyBinding ----

test('ValidatingAdmissionPolicyBinding: valid bindings pass', () => {
  const v = validatorsFor(AR, 'ValidatingAdmissionPolicyBinding')!;
  assert.deepEqual(v.validate!({ metadata: { name: 'b' }, spec: { policyName: 'replica-limit', validationActions: ['Deny', 'Audit'], paramRef: { name: 'limits', parameterNotFoundAction: 'Deny' } } }), []);
  assert.deepEqual(
    v.validate!({
      metadata: { name: 'b' },
      spec: {
        policyName: 'p',
        validationActions: ['Warn'],
        paramRef: { selector: { matchLabels: { env: 'test' } }, namespace: 'default', parameterNotFoundAction: 'Allow' },
        matchResources: { matchPolicy: 'Exact', namespaceSelector: { matchLabels: { env: 'test' } }, objectSelector: {} },
      },
    }),
    [],
  );
});

test('ValidatingAdmissionPolicyBinding: paramRef, validation actions and match resources', () => {
  const b = {
    metadata: { name: 'b' },
    spec: {
      policyName: 'Bad_Policy',
      paramRef: { name: 'a/b', selector: {}, parameterNotFoundAction: 'Retry' },
      matchResources: { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, excludeResourceRules: [{ operations: [], apiGroups: [''], apiVersions: ['*', 'v1'], resources: ['pods'] }] },
      validationActions: ['Deny', 'Warn', 'Deny', 'Block'],
    },
  };
  assert.deepEqual(causes(AR, 'ValidatingAdmissionPolicyBinding', b), [
    c('FieldValueInvalid', 'spec.policyName', `Invalid value: "Bad_Policy": ${SUBDOMAIN_MSG}`),
    c('FieldValueInvalid', 'spec.paramRef.name', "Invalid value: \"a/b\": may not contain '/'"),
    c('FieldValueForbidden', 'spec.paramRef.name', 'Forbidden: name and selector are mutually exclusive'),
    c('FieldValueForbidden', 'spec.paramRef.selector', 'Forbidden: name and selector are mutually exclusive'),
    c('FieldValueNotSupported', 'spec.paramRef.parameterNotFoundAction', 'Unsupported value: "Retry": supported values: "Deny", "Allow"'),
    c('FieldValueRequired', 'spec.matchResouces.excludeResourceRules[0].operations', 'Required value'),
    c('FieldValueInvalid', 'spec.matchResouces.excludeResourceRules[0].apiVersions', `Invalid value: ["*","v1"]: if '*' is present, must not specify other API versions`),
    c('FieldValueDuplicate', 'spec.validationActions[2]', 'Duplicate value: "Deny"'),
    c('FieldValueNotSupported', 'spec.validationActions[3]', 'Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"'),
    c(
      'FieldValueInvalid',
      'spec.validationActions',
      'Invalid value: ["Deny","Warn","Deny","Block"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    ),
  ]);
  assert.deepEqual(causes(AR, 'ValidatingAdmissionPolicyBinding', { metadata: { name: 'b' }, spec: { paramRef: {} } }), [
    c('FieldValueRequired', 'spec.policyName', 'Required value'),
    c('FieldValueRequired', 'spec.paramRef', 'Required value: one of name or selector must be specified'),
    c('FieldValueRequired', 'spec.paramRef.parameterNotFoundAction', 'Required value'),
    c('FieldValueRequired', 'spec.validationActions', 'Required value: at least one validation action is required'),
  ]);
});

test('MutatingAdmissionPolicyBinding: the binding prologue shared with ValidatingAdmissionPolicyBinding, and mutable operations only', () => {
  const b = {
    metadata: { name: 'b' },
    spec: {
      policyName: 'Bad_Policy',
      paramRef: { name: 'a/b', parameterNotFoundAction: 'Allow' },
      matchResources: { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, resourceRules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] },
    },
  };
  // kubernetes pkg/apis/admissionregistration/validation/validation.go validateMutatingAdmissionPolicyBindingSpec:
  // matchResources keeps its spelling here, and DELETE is not a mutating operation.
  assert.deepEqual(causes(AR, 'MutatingAdmissionPolicyBinding', b), [
    c('FieldValueInvalid', 'spec.policyName', `Invalid value: "Bad_Policy": ${SUBDOMAIN_MSG}`),
    c('FieldValueInvalid', 'spec.paramRef.name', "Invalid value: \"a/b\": may not contain '/'"),
    c('FieldValueNotSupported', 'spec.matchResources.resourceRules.operations', 'Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE"'),
  ]);
  assert.deepEqual(causes(AR, 'MutatingAdmissionPolicyBinding', { metadata: { name: 'b' }, spec: {} }), [c('FieldValueRequired', 'spec.policyName', 'Required value')]);
});

// ---- RBAC ----

test('RBAC: valid roles and bindings pass', () => {
  assert.deepEqual(validatorsFor(RBAC, 'Role')!.validate!({ metadata: { name: 'r' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p1'] }] }), []);
  assert.deepEqual(
    validatorsFor(RBAC, 'ClusterRole')!.validate!({
      metadata: { name: 'system:cr' },
      rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/metrics/*'] }],
      aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'rbac.example.com/aggregate': 'true' } }] },
    }),
    [],
  );
  const rb = {
    metadata: { name: 'rb', namespace: 'ns' },
    roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'view' },
    subjects: [
      { kind: 'ServiceAccount', name: 'default', namespace: 'ns', apiGroup: '' },
      { kind: 'User', name: 'alice', apiGroup: RBAC },
      { kind: 'Group', name: 'devs', apiGroup: RBAC },
    ],
  };
  assert.deepEqual(validatorsFor(RBAC, 'RoleBinding')!.validate!(rb), []);
});

test('RBAC: rules need verbs, resources and groups; non-resource URLs only in cluster roles', () => {
  assert.deepEqual(causes(RBAC, 'Role', { metadata: { name: 'r' }, rules: [{ verbs: [], nonResourceURLs: ['/x'], apiGroups: [''] }, { verbs: ['get'] }] }), [
    c('FieldValueRequired', 'rules[0].verbs', 'Required value: verbs must contain at least one value'),
    c('FieldValueInvalid', 'rules[0].nonResourceURLs', 'Invalid value: ["/x"]: namespaced rules cannot apply to non-resource URLs'),
    c('FieldValueInvalid', 'rules[0].nonResourceURLs', 'Invalid value: ["/x"]: rules cannot apply to both regular resources and non-resource URLs'),
    c('FieldValueRequired', 'rules[1].apiGroups', 'Required value: resource rules must supply at least one api group'),
    c('FieldValueRequired', 'rules[1].resources', 'Required value: resource rules must supply at least one resource'),
  ]);
  assert.deepEqual(causes(RBAC, 'ClusterRole', { metadata: { name: 'cr' }, rules: [{ verbs: ['get'], nonResourceURLs: ['/x'] }], aggregationRule: { clusterRoleSelectors: [] } }), [
    c('FieldValueRequired', 'aggregationRule.clusterRoleSelectors', 'Required value: at least one clusterRoleSelector required if aggregationRule is non-nil'),
  ]);
});

test('RBAC: roleRef and subjects of bindings; roleRef is immutable', () => {
  const crb = {
    metadata: { name: 'crb' },
    roleRef: { apiGroup: 'example.com', kind: 'Role', name: '' },
    subjects: [
      { kind: 'ServiceAccount', name: 'Bad_SA', apiGroup: 'v1' },
      { kind: 'User', name: '', apiGroup: '' },
      { kind: 'Group', name: 'g' },
      { kind: 'Robot', name: 'r2' },
    ],
  };
  assert.deepEqual(causes(RBAC, 'ClusterRoleBinding', crb), [
    c('FieldValueNotSupported', 'roleRef.apiGroup', 'Unsupported value: "example.com": supported values: "rbac.authorization.k8s.io"'),
    c('FieldValueNotSupported', 'roleRef.kind', 'Unsupported value: "Role": supported values: "ClusterRole"'),
    c('FieldValueRequired', 'roleRef.name', 'Required value'),
    c('FieldValueInvalid', 'subjects[0].name', `Invalid value: "Bad_SA": ${SUBDOMAIN_MSG}`),
    c('FieldValueNotSupported', 'subjects[0].apiGroup', 'Unsupported value: "v1": supported values: ""'),
    c('FieldValueRequired', 'subjects[0].namespace', 'Required value'),
    c('FieldValueRequired', 'subjects[1].name', 'Required value'),
    c('FieldValueInvalid', 'subjects[1].name', 'Invalid value: "": user name cannot be empty'),
    c('FieldValueNotSupported', 'subjects[1].apiGroup', 'Unsupported value: "": supported values: "rbac.authorization.k8s.io"'),
    c('FieldValueNotSupported', 'subjects[2].apiGroup', 'Unsupported value: "": supported values: "rbac.authorization.k8s.io"'),
    c('FieldValueNotSupported', 'subjects[3].kind', 'Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"'),
  ]);
  const old = { metadata: { name: 'rb', namespace: 'ns' }, roleRef: { apiGroup: RBAC, kind: 'Role', name: 'a' } };
  const next = { ...old, roleRef: { apiGroup: RBAC, kind: 'Role', name: 'b' } };
  assert.deepEqual(causes(RBAC, 'RoleBinding', next, old), [
    c('FieldValueInvalid', 'roleRef', 'Invalid value: {"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"b"}: cannot change roleRef'),
  ]);
  const err = invalid({ group: RBAC, kind: 'RoleBinding' }, 'rb', validatorsFor(RBAC, 'RoleBinding')!.validateUpdate!(next, old));
  assert.equal(err.code, 422);
  assert.equal(
    err.status.message,
    'RoleBinding.rbac.authorization.k8s.io "rb" is invalid: roleRef: Invalid value: {"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"b"}: cannot change roleRef',
  );
  assert.deepEqual(validatorsFor(RBAC, 'RoleBinding')!.validateUpdate!({ ...old, subjects: [{ kind: 'User', name: 'u', apiGroup: RBAC }] }, old), []);
});
