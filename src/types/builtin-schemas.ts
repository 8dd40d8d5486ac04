// Each built-in kind's schema, by group and kind, for attaching to its declaration.

import type { ObjectType } from './schema.js';
import { admissionregistrationSchemas } from './schemas/admissionregistration.js';
import { appsSchemas } from './schemas/apps.js';
import { batchSchemas } from './schemas/batch.js';
import { coordinationSchemas } from './schemas/coordination.js';
import { coreSchemas } from './schemas/core.js';
import { eventsSchemas } from './schemas/events.js';
import { flowcontrolSchemas } from './schemas/flowcontrol.js';
import { networkingSchemas } from './schemas/networking.js';
import { policySchemas } from './schemas/policy.js';
import { rbacSchemas } from './schemas/rbac.js';

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
