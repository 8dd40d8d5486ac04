// Upstream's server-side printers (pkg/printers/internalversion, plus kube-aggregator's
// APIService table) as Table columns, looked up by group and kind. Kinds absent here get
// the default table (Name, Created At), as upstream's default table convertor gives them:
// LimitRange, Role, ClusterRole, CustomResourceDefinition, CSIStorageCapacity, ...
//
// Most lists hold the columns after Name. A list that contains its own "Name" column
// (Event: Name last and wide; StorageClass and VolumeAttributesClass: "name (default)";
// StorageVersionMigration: Name without the "name" format) is the complete list:
// completeColumns() gives the full list either way.

import type { Obj, TableColumn } from '../kind.js';
import {
  mutatingAdmissionPolicyBindingColumns,
  mutatingAdmissionPolicyColumns,
  mutatingWebhookConfigurationColumns,
  validatingAdmissionPolicyBindingColumns,
  validatingAdmissionPolicyColumns,
  validatingWebhookConfigurationColumns,
} from './admissionregistration.js';
import { apiServiceColumns } from './apiregistration.js';
import { controllerRevisionColumns, daemonSetColumns, deploymentColumns, replicaSetColumns, statefulSetColumns } from './apps.js';
import { horizontalPodAutoscalerColumns } from './autoscaling.js';
import { cronJobColumns, jobColumns } from './batch.js';
import { certificateSigningRequestColumns, clusterTrustBundleColumns } from './certificates.js';
import { leaseCandidateColumns, leaseColumns } from './coordination.js';
import {
  componentStatusColumns,
  configMapColumns,
  endpointsColumns,
  namespaceColumns,
  nodeColumns,
  persistentVolumeClaimColumns,
  persistentVolumeColumns,
  podTemplateColumns,
  replicationControllerColumns,
  resourceQuotaColumns,
  secretColumns,
  serviceAccountColumns,
  serviceColumns,
} from './core.js';
import { endpointSliceColumns } from './discovery.js';
import { eventColumns } from './event.js';
import { flowSchemaColumns, flowSchemaOrder, priorityLevelConfigurationColumns } from './flowcontrol.js';
import { nameColumn } from './format.js';
import { ingressClassColumns, ingressColumns, ipAddressColumns, networkPolicyColumns, serviceCIDRColumns } from './networking.js';
import { runtimeClassColumns } from './node.js';
import { podColumns, podRowConditions } from './pod.js';
import { podDisruptionBudgetColumns } from './policy.js';
import { clusterRoleBindingColumns, roleBindingColumns } from './rbac.js';
import { deviceClassColumns, resourceClaimColumns, resourceClaimTemplateColumns, resourceSliceColumns } from './resource.js';
import { priorityClassColumns } from './scheduling.js';
import { csiDriverColumns, csiNodeColumns, storageClassColumns, volumeAttachmentColumns, volumeAttributesClassColumns } from './storage.js';
import { storageVersionColumns, storageVersionMigrationColumns } from './apiserverinternal.js';

export { humanDuration, shortHumanDuration } from './duration.js';
export { setTableClock, tableNow } from './clock.js';

const byGroup: Record<string, Record<string, TableColumn[]>> = {
  '': {
    Pod: podColumns,
    PodTemplate: podTemplateColumns,
    ReplicationController: replicationControllerColumns,
    Service: serviceColumns,
    Endpoints: endpointsColumns,
    Node: nodeColumns,
    Event: eventColumns,
    Namespace: namespaceColumns,
    Secret: secretColumns,
    ServiceAccount: serviceAccountColumns,
    PersistentVolume: persistentVolumeColumns,
    PersistentVolumeClaim: persistentVolumeClaimColumns,
    ComponentStatus: componentStatusColumns,
    ConfigMap: configMapColumns,
    ResourceQuota: resourceQuotaColumns,
  },
  apps: {
    Deployment: deploymentColumns,
    ReplicaSet: replicaSetColumns,
    DaemonSet: daemonSetColumns,
    StatefulSet: statefulSetColumns,
    ControllerRevision: controllerRevisionColumns,
  },
  batch: { Job: jobColumns, CronJob: cronJobColumns },
  autoscaling: { HorizontalPodAutoscaler: horizontalPodAutoscalerColumns },
  policy: { PodDisruptionBudget: podDisruptionBudgetColumns },
  'events.k8s.io': { Event: eventColumns },
  'networking.k8s.io': {
    Ingress: ingressColumns,
    IngressClass: ingressClassColumns,
    NetworkPolicy: networkPolicyColumns,
    ServiceCIDR: serviceCIDRColumns,
    IPAddress: ipAddressColumns,
  },
  'rbac.authorization.k8s.io': { RoleBinding: roleBindingColumns, ClusterRoleBinding: clusterRoleBindingColumns },
  'certificates.k8s.io': { CertificateSigningRequest: certificateSigningRequestColumns, ClusterTrustBundle: clusterTrustBundleColumns },
  'coordination.k8s.io': { Lease: leaseColumns, LeaseCandidate: leaseCandidateColumns },
  'storage.k8s.io': {
    StorageClass: storageClassColumns,
    VolumeAttributesClass: volumeAttributesClassColumns,
    VolumeAttachment: volumeAttachmentColumns,
    CSINode: csiNodeColumns,
    CSIDriver: csiDriverColumns,
  },
  'scheduling.k8s.io': { PriorityClass: priorityClassColumns },
  'node.k8s.io': { RuntimeClass: runtimeClassColumns },
  'discovery.k8s.io': { EndpointSlice: endpointSliceColumns },
  'admissionregistration.k8s.io': {
    MutatingWebhookConfiguration: mutatingWebhookConfigurationColumns,
    ValidatingWebhookConfiguration: validatingWebhookConfigurationColumns,
    ValidatingAdmissionPolicy: validatingAdmissionPolicyColumns,
    ValidatingAdmissionPolicyBinding: validatingAdmissionPolicyBindingColumns,
    MutatingAdmissionPolicy: mutatingAdmissionPolicyColumns,
    MutatingAdmissionPolicyBinding: mutatingAdmissionPolicyBindingColumns,
  },
  'flowcontrol.apiserver.k8s.io': { FlowSchema: flowSchemaColumns, PriorityLevelConfiguration: priorityLevelConfigurationColumns },
  'resource.k8s.io': {
    DeviceClass: deviceClassColumns,
    ResourceClaim: resourceClaimColumns,
    ResourceClaimTemplate: resourceClaimTemplateColumns,
    ResourceSlice: resourceSliceColumns,
  },
  'apiregistration.k8s.io': { APIService: apiServiceColumns },
  'internal.apiserver.k8s.io': { StorageVersion: storageVersionColumns },
  'storagemigration.k8s.io': { StorageVersionMigration: storageVersionMigrationColumns },
};

/** Upstream's printer columns for a kind (see the file comment), or undefined for the default table. */
export function columnsFor(group: string, kind: string): TableColumn[] | undefined {
  const g = byGroup[group];
  return g && Object.prototype.hasOwnProperty.call(g, kind) ? g[kind] : undefined;
}

/** The kinds that have printer columns, as [group, kind] pairs. */
export function printedKinds(): [string, string][] {
  return Object.entries(byGroup).flatMap(([group, kinds]) => Object.keys(kinds).map((kind): [string, string] => [group, kind]));
}

/** Whether a column list already holds its Name column (and so is the complete list). */
export function hasNameColumn(cols: readonly TableColumn[]): boolean {
  return cols.some((c) => c.name === 'Name');
}

const NAME = nameColumn();

/** The complete column list, Name included: as given when it has its own, else Name first. */
export function completeColumns(cols: readonly TableColumn[]): TableColumn[] {
  return hasNameColumn(cols) ? [...cols] : [NAME, ...cols];
}

/** Row conditions a kind's printer attaches (Pods: Completed for Succeeded and Failed). */
export function rowConditionsFor(group: string, kind: string): ((obj: Obj) => Obj[] | undefined) | undefined {
  return group === '' && kind === 'Pod' ? podRowConditions : undefined;
}

/** The row order a kind's list printer imposes (FlowSchemas: by matchingPrecedence, then name). */
export function listOrderFor(group: string, kind: string): ((a: Obj, b: Obj) => number) | undefined {
  return group === 'flowcontrol.apiserver.k8s.io' && kind === 'FlowSchema' ? flowSchemaOrder : undefined;
}
