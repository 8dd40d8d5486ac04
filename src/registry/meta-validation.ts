// Generic ObjectMeta validation for create and update, by the kind's declaration.

import type { FieldError } from '../apimachinery/errors.js';
import { validateObjectMeta, validateObjectMetaUpdate, type ObjectMetaLike } from '../apimachinery/validation.js';
import type { KindDef, Obj } from '../types/kind.js';

export { generateName } from '../apimachinery/validation.js';

export function validateMeta(obj: Obj, def: KindDef): FieldError[] {
  return validateObjectMeta(obj.metadata as ObjectMetaLike, { namespaced: def.namespaced, nameRule: def.nameRule ?? 'DNS1123Subdomain' });
}

export function validateMetaUpdate(obj: Obj, old: Obj, _def: KindDef): FieldError[] {
  return validateObjectMetaUpdate(obj.metadata as ObjectMetaLike, old.metadata as ObjectMetaLike);
}
