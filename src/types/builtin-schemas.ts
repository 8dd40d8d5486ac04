// Each built-in kind's schema, by group and kind, for attaching to its declaration.

import type { ObjectType } from './schema.js';
import * as admissionregistration from './schemas/admissionregistration.js';
import * as apps from './schemas/apps.js';
import * as autoscaling from './schemas/autoscaling.js';
import * as batch from './schemas/batch.js';
import * as coordination from './schemas/coordination.js';
import * as core from './schemas/core.js';
import * as events from './schemas/events.js';
import * as flowcontrol from './schemas/flowcontrol.js';
import * as meta from './schemas/meta.js';
import * as networking from './schemas/networking.js';
import * as policy from './schemas/policy.js';
import * as rbac from './schemas/rbac.js';
import * as apiextensions from './schemas/apiextensions.js';
import * as apiregistration from './schemas/apiregistration.js';
import * as authentication from './schemas/authentication.js';
import * as authorization from './schemas/authorization.js';
import * as certificates from './schemas/certificates.js';
import * as discovery from './schemas/discovery.js';
import * as node from './schemas/node.js';
import * as resource from './schemas/resource.js';
import * as scheduling from './schemas/scheduling.js';
import * as storage from './schemas/storage.js';

const { admissionregistrationSchemas } = admissionregistration;
const { appsSchemas } = apps;
const { batchSchemas } = batch;
const { coordinationSchemas } = coordination;
const { coreSchemas } = core;
const { eventsSchemas } = events;
const { flowcontrolSchemas } = flowcontrol;
const { networkingSchemas } = networking;
const { policySchemas } = policy;
const { rbacSchemas } = rbac;

/** Every schema module, for collecting named definitions (OpenAPI). */
export const schemaModules: object[] = [
  meta, core, apps, autoscaling, batch, coordination, events, policy, networking, rbac, flowcontrol, admissionregistration,
  apiextensions, apiregistration, authentication, authorization, certificates, discovery, node, resource, scheduling, storage,
];

const byGroup: Record<string, Record<string, ObjectType>> = {
  '': coreSchemas,
  apps: appsSchemas,
  batch: batchSchemas,
  'coordination.k8s.io': coordinationSchemas,
  'events.k8s.io': eventsSchemas,
  policy: policySchemas,
  'networking.k8s.io': networkingSchemas,
  'rbac.authorization.k8s.io': rbacSchemas,
  'flowcontrol.apiserver.k8s.io': flowcontrolSchemas,
  'admissionregistration.k8s.io': admissionregistrationSchemas,
};

export function builtinSchema(group: string, kind: string): ObjectType | undefined {
  return byGroup[group]?.[kind];
}
