// Kubernetes authorizer library. The server's authorizer is reached through CelAuthorizer;
// tests pass a fake one.
import type {Environment} from '@marcbachmann/cel-js';

export interface CelUserInfo {
  username: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** The attributes of one authorization check, as upstream's authorizer.Attributes. */
export interface CelAuthorizationAttributes {
  user: CelUserInfo;
  verb: string;
  resourceRequest: boolean;
  path?: string;
  apiGroup?: string;
  apiVersion?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  fieldSelector?: string;
  labelSelector?: string;
}

export type CelDecisionKind = 'allow' | 'deny' | 'no-opinion';

export interface CelAuthorizationDecision {
  decision: CelDecisionKind;
  reason: string;
  error?: string;
}

/** Implemented by the authorization layer. Must answer synchronously. */
export interface CelAuthorizer {
  authorize(attributes: CelAuthorizationAttributes): CelAuthorizationDecision;
}

export class AuthorizerValue {
  constructor(readonly authorizer: CelAuthorizer, readonly user: CelUserInfo) {}
}

export class PathCheckValue {
  constructor(readonly authz: AuthorizerValue, readonly path: string) {}
}

export class GroupCheckValue {
  constructor(readonly authz: AuthorizerValue, readonly group: string) {}
}

export class ResourceCheckValue {
  constructor(
    readonly authz: AuthorizerValue,
    readonly group: string,
    readonly resource: string,
    readonly subresource = '',
    readonly namespace = '',
    readonly name = '',
    readonly fieldSelector = '',
    readonly labelSelector = '',
  ) {}

  with(patch: Partial<Pick<ResourceCheckValue, 'subresource' | 'namespace' | 'name' | 'fieldSelector' | 'labelSelector'>>): ResourceCheckValue {
    return new ResourceCheckValue(
      this.authz, this.group, this.resource,
      patch.subresource ?? this.subresource,
      patch.namespace ?? this.namespace,
      patch.name ?? this.name,
      patch.fieldSelector ?? this.fieldSelector,
      patch.labelSelector ?? this.labelSelector,
    );
  }
}

export class DecisionValue {
  constructor(readonly result: CelAuthorizationDecision) {}
}

const NS = 'kubernetes.authorization';
export const AUTHORIZER_TYPE = `${NS}.Authorizer`;

function decide(authz: AuthorizerValue, attrs: Omit<CelAuthorizationAttributes, 'user'>): DecisionValue {
  try {
    return new DecisionValue(authz.authorizer.authorize({...attrs, user: authz.user}));
  } catch (e) {
    return new DecisionValue({decision: 'no-opinion', reason: '', error: (e as Error).message});
  }
}

export function serviceAccountUser(namespace: string, name: string): CelUserInfo {
  return {
    username: `system:serviceaccount:${namespace}:${name}`,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`],
  };
}

export function registerAuthz(env: Environment, opts: {selectors: boolean}): void {
  const A = AUTHORIZER_TYPE;
  const PC = `${NS}.PathCheck`;
  const GC = `${NS}.GroupCheck`;
  const RC = `${NS}.ResourceCheck`;
  const D = `${NS}.Decision`;
  env.registerType(A, AuthorizerValue);
  env.registerType(PC, PathCheckValue);
  env.registerType(GC, GroupCheckValue);
  env.registerType(RC, ResourceCheckValue);
  env.registerType(D, DecisionValue);

  env.registerFunction(`${A}.path(string): ${PC}`, (a: AuthorizerValue, p: string) => new PathCheckValue(a, p));
  env.registerFunction(`${A}.group(string): ${GC}`, (a: AuthorizerValue, g: string) => new GroupCheckValue(a, g));
  env.registerFunction(`${A}.serviceAccount(string, string): ${A}`, (a: AuthorizerValue, ns: string, name: string) =>
    new AuthorizerValue(a.authorizer, serviceAccountUser(ns, name)));
  env.registerFunction(`${GC}.resource(string): ${RC}`, (g: GroupCheckValue, r: string) => new ResourceCheckValue(g.authz, g.group, r));
  env.registerFunction(`${RC}.subresource(string): ${RC}`, (r: ResourceCheckValue, s: string) => r.with({subresource: s}));
  env.registerFunction(`${RC}.namespace(string): ${RC}`, (r: ResourceCheckValue, s: string) => r.with({namespace: s}));
  env.registerFunction(`${RC}.name(string): ${RC}`, (r: ResourceCheckValue, s: string) => r.with({name: s}));
  if (opts.selectors) {
    env.registerFunction(`${RC}.fieldSelector(string): ${RC}`, (r: ResourceCheckValue, s: string) => r.with({fieldSelector: s}));
    env.registerFunction(`${RC}.labelSelector(string): ${RC}`, (r: ResourceCheckValue, s: string) => r.with({labelSelector: s}));
  }
  env.registerFunction(`${RC}.check(string): ${D}`, (r: ResourceCheckValue, verb: string) =>
    decide(r.authz, {
      verb,
      resourceRequest: true,
      apiGroup: r.group,
      apiVersion: '*',
      resource: r.resource,
      subresource: r.subresource,
      namespace: r.namespace,
      name: r.name,
      ...(r.fieldSelector ? {fieldSelector: r.fieldSelector} : {}),
      ...(r.labelSelector ? {labelSelector: r.labelSelector} : {}),
    }));
  env.registerFunction(`${PC}.check(string): ${D}`, (p: PathCheckValue, verb: string) =>
    decide(p.authz, {verb: verb.toLowerCase(), resourceRequest: false, path: p.path}));
  env.registerFunction(`${D}.allowed(): bool`, (d: DecisionValue) => d.result.decision === 'allow');
  env.registerFunction(`${D}.reason(): string`, (d: DecisionValue) => d.result.reason);
  env.registerFunction(`${D}.errored(): bool`, (d: DecisionValue) => d.result.error !== undefined);
  env.registerFunction(`${D}.error(): string`, (d: DecisionValue) => d.result.error ?? '');
}
