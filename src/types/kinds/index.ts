// Every kind declared under this folder: those v1.34 serves by default, and the alpha and
// beta versions served only when --runtime-config enables them.

import type { KindDef } from '../kind.js';
import { admissionregistrationGatedKinds, admissionregistrationKinds } from './admissionregistration.js';
import { apiextensionsKinds } from './apiextensions.js';
import { apiregistrationKinds } from './apiregistration.js';
import { authenticationKinds } from './authentication.js';
import { authorizationKinds } from './authorization.js';
import { autoscalingKinds } from './autoscaling.js';
import { certificatesGatedKinds, certificatesKinds } from './certificates.js';
import { coordinationGatedKinds } from './coordination.js';
import { coreExtraKinds } from './core.js';
import { discoveryKinds } from './discovery.js';
import type { GatedKindDef } from './gated.js';
import { internalApiserverGatedKinds } from './internal.js';
import { networkingGatedKinds, networkingKinds } from './networking.js';
import { nodeKinds } from './node.js';
import { resourceGatedKinds, resourceKinds } from './resource.js';
import { schedulingKinds } from './scheduling.js';
import { storageGatedKinds, storageKinds } from './storage.js';
import { storagemigrationGatedKinds } from './storagemigration.js';

export type { GatedKindDef } from './gated.js';

/** Served by default; to append to ../core.ts's and ../groups.ts's kinds. */
export const defaultServedKinds: KindDef[] = [
  ...coreExtraKinds,
  ...apiregistrationKinds,
  ...authenticationKinds,
  ...authorizationKinds,
  ...autoscalingKinds,
  ...certificatesKinds,
  ...networkingKinds,
  ...storageKinds,
  ...admissionregistrationKinds,
  ...apiextensionsKinds,
  ...schedulingKinds,
  ...nodeKinds,
  ...discoveryKinds,
  ...resourceKinds,
];

/** Off unless --runtime-config enables their group-version (or resource); each listed after the GA kinds it converts to. */
export const gatedKinds: GatedKindDef[] = [
  ...admissionregistrationGatedKinds,
  ...certificatesGatedKinds,
  ...coordinationGatedKinds,
  ...internalApiserverGatedKinds,
  ...networkingGatedKinds,
  ...resourceGatedKinds,
  ...storageGatedKinds,
  ...storagemigrationGatedKinds,
];
