// Alpha and beta API versions that kube-apiserver v1.34 knows but serves only when
// --runtime-config enables them. Each such group-version-kind is its own declaration: its
// schema differs from the GA one (or may), and it is enabled on its own.

import type { HonouredGate } from '../../features/index.js';
import type { KindDef, Obj } from '../kind.js';

/**
 * A kind declared at an API version that v1.34 does not serve by default. Proposed as
 * fields of KindDef itself (both optional there, servedByDefault defaulting to true).
 */
export interface GatedKindDef extends KindDef {
  /** Stability level of the API version (its name says it too: v1beta1, v1alpha3). */
  stability: 'alpha' | 'beta';
  /** Served only when --runtime-config enables its group-version or resource. */
  servedByDefault: false;
  /** A feature gate that must be on as well (upstream registers the storage only then). */
  featureGate?: HonouredGate;
}

/** Declare a kind as alpha or beta, off unless --runtime-config turns it on. */
export function gated(def: KindDef): GatedKindDef {
  const version = def.versions[0] ?? '';
  const stability = /alpha\d*$/.test(version) ? 'alpha' : /beta\d*$/.test(version) ? 'beta' : undefined;
  if (!stability || def.versions.length !== 1) throw new Error(`gated kind ${def.group}/${def.kind}: one alpha or beta version expected, got ${def.versions}`);
  return { ...def, stability, servedByDefault: false };
}

function copyObject(obj: Obj): Obj {
  return structuredClone(obj) as Obj;
}

/**
 * storedAs for a version whose JSON has the same shape as the storing version's: the
 * objects are copied, apiVersion is rewritten by the registry.
 */
export function sameShapeStorage(group: string, plural: string): NonNullable<KindDef['storedAs']> {
  return { group, plural, toStored: copyObject, fromStored: copyObject };
}
