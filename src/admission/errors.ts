// admission.NewForbidden (k8s.io/apiserver pkg/admission/errors.go): a 403 on the request's
// resource, named after the object (its name, else its generateName, else "Unknown").

import { forbidden, type StatusError } from '../apimachinery/errors.js';
import type { Attributes } from './types.js';

export function admissionForbidden(a: Pick<Attributes, 'resource' | 'object'>, why: string): StatusError {
  const meta = a.object?.metadata;
  const name = (meta?.name as string) || (meta?.generateName as string) || 'Unknown';
  return forbidden({ group: a.resource.group, resource: a.resource.resource }, name, why);
}

/** Whether the request is for the main resource group/resource (no subresource). */
export function isResource(a: Pick<Attributes, 'resource' | 'subresource'>, group: string, resource: string): boolean {
  return a.subresource === '' && a.resource.group === group && a.resource.resource === resource;
}
