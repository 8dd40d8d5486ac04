// The apiextensions.k8s.io/v1 shapes the CRD code reads: CustomResourceDefinition and
// JSONSchemaProps as they arrive in JSON, plus condition helpers shared by the controllers.

import type { Obj } from '../types/kind.js';
import { nowTimestamp } from '../registry/meta.js';

export const CRD_GROUP = 'apiextensions.k8s.io';
export const CRD_PLURAL = 'customresourcedefinitions';
/** Held by every CRD from its first DELETE until its custom resources are gone. */
export const CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

export interface ValidationRule {
  rule?: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export interface JSONSchemaProps {
  id?: string;
  $schema?: string;
  $ref?: string;
  description?: string;
  type?: string;
  format?: string;
  title?: string;
  default?: unknown;
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  multipleOf?: number;
  enum?: unknown[];
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  items?: JSONSchemaProps | JSONSchemaProps[];
  allOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  patternProperties?: Record<string, JSONSchemaProps>;
  dependencies?: Record<string, JSONSchemaProps | string[]>;
  additionalItems?: JSONSchemaProps | boolean;
  definitions?: Record<string, JSONSchemaProps>;
  externalDocs?: { description?: string; url?: string };
  example?: unknown;
  nullable?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-validations'?: ValidationRule[];
}

export interface ColumnDefinition {
  name?: string;
  type?: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath?: string;
}

export interface ScaleSubresource {
  specReplicasPath?: string;
  statusReplicasPath?: string;
  labelSelectorPath?: string;
}

export interface Subresources {
  status?: Obj;
  scale?: ScaleSubresource;
}

export interface CrdVersion {
  name: string;
  served?: boolean;
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: Subresources;
  additionalPrinterColumns?: ColumnDefinition[];
  selectableFields?: { jsonPath?: string }[];
}

export interface CrdNames {
  plural?: string;
  singular?: string;
  shortNames?: string[];
  kind?: string;
  listKind?: string;
  categories?: string[];
}

export interface CrdCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface Crd {
  apiVersion?: string;
  kind?: string;
  metadata: Obj;
  spec: {
    group?: string;
    names?: CrdNames;
    scope?: string;
    versions?: CrdVersion[];
    conversion?: { strategy?: string; webhook?: Obj };
    preserveUnknownFields?: boolean;
  };
  status?: {
    conditions?: CrdCondition[];
    acceptedNames?: CrdNames;
    storedVersions?: string[];
  };
}

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function asCrd(obj: Obj): Crd {
  const crd = obj as Crd;
  if (!isObj(crd.metadata)) crd.metadata = {};
  if (!isObj(crd.spec)) crd.spec = {};
  return crd;
}

export function findCondition(crd: Crd, type: string): CrdCondition | undefined {
  return crd.status?.conditions?.find((c) => c?.type === type);
}

export function isConditionTrue(crd: Crd, type: string): boolean {
  return findCondition(crd, type)?.status === 'True';
}

/** apihelpers.SetCRDCondition: replace by type, keeping the transition time when the status is unchanged. */
export function setCondition(crd: Crd, cond: CrdCondition): void {
  crd.status ??= {};
  const list = (crd.status.conditions ??= []);
  const next: CrdCondition = { type: cond.type, status: cond.status, lastTransitionTime: cond.lastTransitionTime ?? nowTimestamp(), reason: cond.reason, message: cond.message };
  const i = list.findIndex((c) => c.type === cond.type);
  if (i < 0) {
    list.push(next);
    return;
  }
  const old = list[i]!;
  if (old.status === next.status && old.lastTransitionTime) next.lastTransitionTime = old.lastTransitionTime;
  list[i] = next;
}

/** Same type, status, reason and message (the transition time does not count). */
export function conditionEquivalent(a: CrdCondition | undefined, b: CrdCondition | undefined): boolean {
  if (!a || !b) return a === b;
  return a.type === b.type && a.status === b.status && (a.reason ?? '') === (b.reason ?? '') && (a.message ?? '') === (b.message ?? '');
}

/** The schema a version uses: its own. */
export function schemaOf(crd: Crd, version: string): JSONSchemaProps | undefined {
  return crd.spec.versions?.find((v) => v.name === version)?.schema?.openAPIV3Schema;
}

export function storageVersionOf(crd: Crd): string | undefined {
  return crd.spec.versions?.find((v) => v.storage === true)?.name;
}

/** The items schema of an array schema (the array-of-schemas form counts as none). */
export function itemsOf(s: JSONSchemaProps): JSONSchemaProps | undefined {
  return isObj(s.items) ? (s.items as JSONSchemaProps) : undefined;
}

/** The additionalProperties schema (true/false count as none). */
export function additionalPropertiesOf(s: JSONSchemaProps): JSONSchemaProps | undefined {
  return isObj(s.additionalProperties) ? (s.additionalProperties as JSONSchemaProps) : undefined;
}
