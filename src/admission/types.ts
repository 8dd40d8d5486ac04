// The admission contract every plugin implements, shaped on upstream's admission.Attributes,
// MutationInterface and ValidationInterface (k8s.io/apiserver/pkg/admission/interfaces.go).

import type { UserInfo } from '../authn/types.js';
import type { Authorizer } from '../authz/types.js';
import type { FeatureGates } from '../features/index.js';
import type { Registry } from '../registry/registry.js';
import type { Catalog, ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import type { AdmissionMetrics } from './metrics.js';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** One request as admission sees it. */
export interface Attributes {
  operation: Operation;
  /** The resource as the request names it (its served group/version). */
  resource: GroupVersionResource;
  /** The subresource as the URL names it ('' for the main resource). */
  subresource: string;
  /** The kind of `object`: the resource's kind, or the subresource's (autoscaling/v1 Scale, policy/v1 Eviction, v1 Binding, ...). */
  kind: GroupVersionKind;
  /** The object's name ('' for a create that only has generateName). */
  name: string;
  /** '' for cluster-scoped resources. */
  namespace: string;
  /** The incoming object (create, update; the options object of a connect). Mutating plugins change it in place. */
  object?: Obj;
  /** The stored object (update, delete). */
  oldObject?: Obj;
  /** The operation's options object (meta.k8s.io/v1 CreateOptions, UpdateOptions, PatchOptions or DeleteOptions). */
  options?: Obj;
  dryRun: boolean;
  userInfo: UserInfo;
  /** The catalog entry of `resource`. */
  served: ServedResource;
  /** Record an audit annotation on the request's audit event (the key is `<plugin domain>/<name>`). */
  addAnnotation(key: string, value: string): void;
  /** Send a `Warning: 299` header with the response. */
  addWarning(message: string): void;
  /**
   * The mutating phase's reinvocation state (upstream's ReinvocationContext): a plugin that
   * changed the object after a reinvocable plugin ran sets `shouldReinvoke`, and the chain
   * then runs the mutating plugins once more with `isReinvoke` set. Plugins keep their own
   * per-request state in `values` under their name.
   */
  reinvocation?: ReinvocationContext;
}

export interface ReinvocationContext {
  isReinvoke: boolean;
  shouldReinvoke: boolean;
  values: Map<string, unknown>;
}

/**
 * A plugin takes part in the mutating phase (admit), the validating phase (validate), or
 * both. Errors are StatusErrors (usually upstream's 403 "<resource> "<name>" is forbidden: ...").
 */
export interface AdmissionPlugin {
  readonly name: string;
  /** Which operations the plugin looks at (upstream's Handles); all when absent. */
  handles?(operation: Operation): boolean;
  admit?(a: Attributes): Promise<void> | void;
  validate?(a: Attributes): Promise<void> | void;
  /** After the watch caches are warm: start informers and indexes the plugin reads. */
  start?(): Promise<void>;
  stop?(): void;
}

/** What a plugin may build itself from. */
export interface PluginDeps {
  registry: Registry;
  catalog: Catalog;
  /** The server's authorizer (CEL `authorizer`, approve/sign/attest checks). */
  authorizer: Authorizer;
  logger: Logger;
  featureGates: FeatureGates;
  /** The server's admission metrics (webhook calls, matchConditions, policy checks); absent in bare chains. */
  metrics?: AdmissionMetrics;
  /**
   * This plugin's entry of --admission-control-config-file: the embedded `configuration`
   * object or the parsed file its `path` names; undefined when the file has none.
   */
  config?: unknown;
}

/** One row of the plugin table (in upstream's order). */
export interface PluginRow {
  name: string;
  /** In kube-apiserver v1.34's default-enabled set. */
  defaultOn: boolean;
  /** Absent: upstream has the plugin and skiff does not; naming it in --enable-admission-plugins is an error. */
  create?(deps: PluginDeps): AdmissionPlugin;
}

/**
 * Admission for one request, handed to the registry: it runs each phase at upstream's
 * point of the write path with the objects of that moment.
 */
export interface RequestAdmission {
  mutate(operation: Operation, object: Obj | undefined, oldObject: Obj | undefined): Promise<void>;
  validate(operation: Operation, object: Obj | undefined, oldObject: Obj | undefined): Promise<void>;
}
