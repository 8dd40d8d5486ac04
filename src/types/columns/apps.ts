// apps/v1 printers.

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, col, controllerOf, formatLabelSelector, formatLabels, groupKindName, int, selectorString, str, templateColumns } from './format.js';

const podTemplateContainers = (o: Obj): unknown => o.spec?.template?.spec?.containers;

/** spec.replicas defaults to 1 for every replicated workload. */
const desired = (o: Obj): number => int(o.spec?.replicas ?? 1);

export const deploymentColumns: TableColumn[] = [
  col('Ready', 'string', 'Number of the pod with ready state', (o) => `${int(o.status?.readyReplicas)}/${desired(o)}`),
  col('Up-to-date', 'string', DOCS['extv1beta1.DeploymentStatus.updatedReplicas'], (o) => int(o.status?.updatedReplicas)),
  col('Available', 'string', DOCS['extv1beta1.DeploymentStatus.availableReplicas'], (o) => int(o.status?.availableReplicas)),
  ageColumn(),
  ...templateColumns(podTemplateContainers),
  // printDeployment renders the selector itself: "" when empty, "<invalid>" when it does not convert.
  col('Selector', 'string', DOCS['extv1beta1.DeploymentSpec.selector'], (o) => selectorString(o.spec?.selector) ?? '<invalid>', 1),
];

export const replicaSetColumns: TableColumn[] = [
  col('Desired', 'integer', DOCS['extv1beta1.ReplicaSetSpec.replicas'], desired),
  col('Current', 'integer', DOCS['extv1beta1.ReplicaSetStatus.replicas'], (o) => int(o.status?.replicas)),
  col('Ready', 'integer', DOCS['extv1beta1.ReplicaSetStatus.readyReplicas'], (o) => int(o.status?.readyReplicas)),
  ageColumn(),
  ...templateColumns(podTemplateContainers),
  col('Selector', 'string', DOCS['extv1beta1.ReplicaSetSpec.selector'], (o) => formatLabelSelector(o.spec?.selector), 1),
];

export const daemonSetColumns: TableColumn[] = [
  col('Desired', 'integer', DOCS['extv1beta1.DaemonSetStatus.desiredNumberScheduled'], (o) => int(o.status?.desiredNumberScheduled)),
  col('Current', 'integer', DOCS['extv1beta1.DaemonSetStatus.currentNumberScheduled'], (o) => int(o.status?.currentNumberScheduled)),
  col('Ready', 'integer', DOCS['extv1beta1.DaemonSetStatus.numberReady'], (o) => int(o.status?.numberReady)),
  col('Up-to-date', 'integer', DOCS['extv1beta1.DaemonSetStatus.updatedNumberScheduled'], (o) => int(o.status?.updatedNumberScheduled)),
  col('Available', 'integer', DOCS['extv1beta1.DaemonSetStatus.numberAvailable'], (o) => int(o.status?.numberAvailable)),
  col('Node Selector', 'string', DOCS['v1.PodSpec.nodeSelector'], (o) => formatLabels(o.spec?.template?.spec?.nodeSelector)),
  ageColumn(),
  ...templateColumns(podTemplateContainers),
  col('Selector', 'string', DOCS['extv1beta1.DaemonSetSpec.selector'], (o) => formatLabelSelector(o.spec?.selector), 1),
];

export const statefulSetColumns: TableColumn[] = [
  col('Ready', 'string', 'Number of the pod with ready state', (o) => `${int(o.status?.readyReplicas)}/${desired(o)}`),
  ageColumn(),
  ...templateColumns(podTemplateContainers),
];

/** The controlling owner as "<kind>.<group>/<name>" lower-cased, "<none>" without one. */
function revisionController(o: Obj): string {
  const ref = controllerOf(o);
  if (!ref) return '<none>';
  const apiVersion = str(ref.apiVersion);
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  return groupKindName(group, str(ref.kind), str(ref.name));
}

export const controllerRevisionColumns: TableColumn[] = [
  col('Controller', 'string', 'Controller of the object', revisionController),
  col('Revision', 'string', DOCS['v1.ControllerRevision.revision'], (o) => int(o.revision)),
  ageColumn(),
];
