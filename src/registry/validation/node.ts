// node.k8s.io/v1: RuntimeClass (pkg/apis/node/validation/validation.go, v1.34).

import { isDNS1123Label, validateLabels } from '../../apimachinery/validation.js';
import { validateResourceRequirements, validateTolerations } from './pod.js';
import { validateContainerResourceName } from './resources.js';
import { fieldErr, semanticEqual, isObj, obj, objs, str, strMap, validateImmutable, type FieldErrors, type Obj } from './util.js';

export function validateRuntimeClass(rc: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const handler = str(rc.handler);
  for (const m of isDNS1123Label(handler)) errs.push(fieldErr.invalid('handler', handler, m));
  if (isObj(rc.overhead)) {
    // Upstream reuses the container resource rules with podFixed as limits.
    errs.push(...validateResourceRequirements({ limits: obj(rc.overhead).podFixed }, validateContainerResourceName, new Set(), 'overhead'));
  }
  if (isObj(rc.scheduling)) {
    const s = obj(rc.scheduling);
    if (isObj(s.nodeSelector)) errs.push(...validateLabels(strMap(s.nodeSelector), 'scheduling.nodeSelector'));
    const tolerations = objs(s.tolerations);
    errs.push(...validateTolerations(tolerations, 'scheduling.tolerations'));
    // Unique by the list keys key, operator, value and effect.
    const seen: Obj[] = [];
    tolerations.forEach((t, i) => {
      const listKey = { key: str(t.key), operator: str(t.operator), value: str(t.value), effect: str(t.effect) };
      if (seen.some((s2) => semanticEqual(s2, listKey))) errs.push(fieldErr.duplicate(`scheduling.tolerations[${i}]`, t));
      else seen.push(listKey);
    });
  }
  return errs;
}

/** The strategy validates the new object whole, then the update rules. */
export function validateRuntimeClassUpdate(rc: Obj, old: Obj): FieldErrors {
  return [...validateRuntimeClass(rc), ...validateImmutable(str(rc.handler), str(old.handler), 'handler')];
}
