// The params a binding evaluates its policy with, as upstream's CollectParams
// (k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go): none when the
// policy has no paramKind or the binding no paramRef (one evaluation with params null), one
// object by name, or every object a selector picks (in the namespace rules of paramRef).
// Errors are configuration errors, subject to the policy's failurePolicy.

import { isStatusError } from '../../apimachinery/errors.js';
import { parseFieldSelector } from '../../apimachinery/fields.js';
import { labelSelectorFromMetav1, type Metav1LabelSelector } from '../../apimachinery/labels.js';
import { buildFilter } from '../../registry/filter.js';
import type { Registry } from '../../registry/registry.js';
import type { Catalog, ServedResource } from '../../types/catalog.js';
import type { Obj } from '../../types/kind.js';

export class ParamsError extends Error {}

/** The served resource of a policy's paramKind, or the configuration error upstream reports. */
export function paramResource(catalog: Catalog, paramKind: { apiVersion?: string; kind?: string }): ServedResource {
  const apiVersion = paramKind.apiVersion ?? '';
  const kind = paramKind.kind ?? '';
  const served = catalog.byKind(apiVersion, kind);
  if (served) return served;
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  throw new ParamsError(`failed to find resource referenced by paramKind: '${group}/${version}, Kind=${kind}'`);
}

interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: Metav1LabelSelector;
  parameterNotFoundAction?: string;
}

/** The params to evaluate with; `[null]` means one evaluation without params. Throws ParamsError. */
export async function collectParams(
  registry: Registry,
  paramKind: ServedResource | undefined,
  paramRef: ParamRef | undefined,
  requestNamespace: string,
): Promise<(Obj | null)[]> {
  if (!paramKind || !paramRef) return [null];
  const namespaced = paramKind.def.namespaced;
  let namespace = '';
  if (namespaced) {
    namespace = paramRef.namespace || requestNamespace;
    if (!namespace) throw new ParamsError('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  } else if (paramRef.namespace) {
    throw new ParamsError('paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
  }
  const scope = { served: paramKind, namespace };
  let params: Obj[];
  if (paramRef.name) {
    if (paramRef.selector) throw new ParamsError('paramRef.name and paramRef.selector are mutually exclusive');
    try {
      params = [await registry.get(scope, paramRef.name)];
    } catch (e) {
      if (!isStatusError(e) || e.code !== 404) throw new ParamsError((e as Error).message);
      params = [];
    }
  } else if (paramRef.selector) {
    let filter;
    try {
      filter = buildFilter(paramKind.def, labelSelectorFromMetav1(paramRef.selector), parseFieldSelector(''));
    } catch (e) {
      throw new ParamsError((e as Error).message);
    }
    const list = await registry.list(scope, { resourceVersion: '0', filter });
    params = list.items.map((b) => JSON.parse(b.toString('utf8')) as Obj);
  } else {
    throw new ParamsError('one of name or selector must be provided');
  }
  if (params.length === 0 && paramRef.parameterNotFoundAction === 'Deny') {
    throw new ParamsError('no params found for policy binding with `Deny` parameterNotFoundAction');
  }
  return params;
}
