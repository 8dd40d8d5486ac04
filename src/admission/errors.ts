// Admission's error shapes (k8s.io/apiserver pkg/admission/errors.go, and Go's
// utilerrors.NewAggregate for a plugin's list of failures).

import { forbidden, type StatusError } from '../apimachinery/errors.js';
import type { Attributes } from './types.js';

/**
 * admission.NewForbidden: 403 "<resource> "<name>" is forbidden: <why>". The name is the
 * request's, else the object's name or generateName (a create's name is not generated yet),
 * else "Unknown".
 */
export function admissionForbidden(a: Pick<Attributes, 'resource' | 'object'> & Partial<Pick<Attributes, 'name'>>, why: string): StatusError {
  const meta = a.object?.metadata;
  const name = a.name || (typeof meta?.name === 'string' && meta.name) || (typeof meta?.generateName === 'string' && meta.generateName) || 'Unknown';
  return forbidden({ group: a.resource.group, resource: a.resource.resource }, name, why);
}

/** One message, or "[a, b]" with duplicates dropped, as utilerrors.NewAggregate prints. */
export function aggregateMessage(messages: readonly string[]): string {
  const seen = [...new Set(messages)];
  if (seen.length <= 1) return seen[0] ?? '';
  return `[${seen.join(', ')}]`;
}

/** Whether the request is for the main resource group/resource (no subresource). */
export function isResource(a: Pick<Attributes, 'resource' | 'subresource'>, group: string, resource: string): boolean {
  return a.subresource === '' && a.resource.group === group && a.resource.resource === resource;
}
