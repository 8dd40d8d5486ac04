// AuthenticationConfiguration (apiserver.config.k8s.io/v1, v1beta1, v1alpha1): strict
// decoding, validation with upstream's field errors
// (k8s.io/apiserver/pkg/apis/apiserver/validation/validation.go), the --oidc-* flags
// expressed as one JWT authenticator (kube-apiserver's
// pkg/kubeapiserver/options/authentication.go), and the anonymous section.

import { readFileSync } from 'node:fs';
import { fieldErr, goFieldErrorString, type FieldError } from '../apimachinery/errors.js';
import { aggregateMessage, isDNS1123Subdomain, regexError } from '../apimachinery/validation.js';
import { parseYaml } from '../encoding/yaml.js';
import type { CelProgram } from '../cel/index.js';
import { compileClaimsExpression, compileUserExpression, ExpressionError, selectsClaim } from './oidc/cel.js';
import { parseCertificateBundle } from './x509.js';

export const CONFIG_GROUP = 'apiserver.config.k8s.io';
const CONFIG_VERSIONS = ['v1', 'v1beta1', 'v1alpha1'];
export const MAX_JWT_AUTHENTICATORS = 64;

export interface PrefixedClaimOrExpression {
  claim?: string;
  /** undefined is Go's nil: "no prefix given" differs from "". */
  prefix?: string;
  expression?: string;
}

export interface ClaimOrExpression {
  claim?: string;
  expression?: string;
}

export interface JwtIssuer {
  url: string;
  discoveryURL?: string;
  certificateAuthority?: string;
  audiences: string[];
  audienceMatchPolicy?: string;
  egressSelectorType?: string;
}

export interface ClaimValidationRule {
  claim?: string;
  requiredValue?: string;
  expression?: string;
  message?: string;
}

export interface JwtAuthenticatorConfig {
  issuer: JwtIssuer;
  claimValidationRules?: ClaimValidationRule[];
  claimMappings: {
    username: PrefixedClaimOrExpression;
    groups?: PrefixedClaimOrExpression;
    uid?: ClaimOrExpression;
    extra?: { key: string; valueExpression: string }[];
  };
  userValidationRules?: { expression: string; message?: string }[];
}

export interface AnonymousAuthConfig {
  enabled: boolean;
  conditions?: { path: string }[];
}

export interface AuthenticationConfiguration {
  jwt: JwtAuthenticatorConfig[];
  anonymous?: AnonymousAuthConfig;
}

// ---------------------------------------------------------------------------
// Strict decoding

type Shape = 'string' | 'bool' | { list: Shape } | { struct: string; fields: Record<string, Shape> };

const CLAIM_OR_EXPRESSION: Shape = { struct: 'ClaimOrExpression', fields: { claim: 'string', expression: 'string' } };
const PREFIXED: Shape = { struct: 'PrefixedClaimOrExpression', fields: { claim: 'string', prefix: 'string', expression: 'string' } };
const CONFIG_SHAPE: Shape = {
  struct: 'AuthenticationConfiguration',
  fields: {
    apiVersion: 'string',
    kind: 'string',
    jwt: {
      list: {
        struct: 'JWTAuthenticator',
        fields: {
          issuer: {
            struct: 'Issuer',
            fields: {
              url: 'string',
              discoveryURL: 'string',
              certificateAuthority: 'string',
              audiences: { list: 'string' },
              audienceMatchPolicy: 'string',
              egressSelectorType: 'string',
            },
          },
          claimValidationRules: {
            list: { struct: 'ClaimValidationRule', fields: { claim: 'string', requiredValue: 'string', expression: 'string', message: 'string' } },
          },
          claimMappings: {
            struct: 'ClaimMappings',
            fields: {
              username: PREFIXED,
              groups: PREFIXED,
              uid: CLAIM_OR_EXPRESSION,
              extra: { list: { struct: 'ExtraMapping', fields: { key: 'string', valueExpression: 'string' } } },
            },
          },
          userValidationRules: { list: { struct: 'UserValidationRule', fields: { expression: 'string', message: 'string' } } },
        },
      },
    },
    anonymous: {
      struct: 'AnonymousAuthConfig',
      fields: { enabled: 'bool', conditions: { list: { struct: 'AnonymousAuthCondition', fields: { path: 'string' } } } },
    },
  },
};

function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function goType(s: Shape): string {
  if (s === 'string') return 'string';
  if (s === 'bool') return 'bool';
  if ('list' in s) return `[]${goType(s.list)}`;
  return `v1.${s.struct}`;
}

/** Checks types and collects unknown fields; returns the value with nulls dropped. */
function decode(value: unknown, shape: Shape, path: string, parent: string, unknown: string[]): unknown {
  const mismatch = () => new Error(`json: cannot unmarshal ${jsonType(value)} into Go struct field ${parent}${path ? `.${path}` : ''} of type ${goType(shape)}`);
  if (shape === 'string') {
    if (typeof value !== 'string') throw mismatch();
    return value;
  }
  if (shape === 'bool') {
    if (typeof value !== 'boolean') throw mismatch();
    return value;
  }
  if ('list' in shape) {
    if (!Array.isArray(value)) throw mismatch();
    return value.map((item, i) => (item === null ? emptyOf(shape.list) : decode(item, shape.list, `${path}[${i}]`, parent, unknown)));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw mismatch();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const child = path ? `${path}.${k}` : k;
    const fieldShape = shape.fields[k];
    if (!fieldShape) {
      unknown.push(child);
      continue;
    }
    if (v === null) continue;
    out[k] = decode(v, fieldShape, child, typeof fieldShape === 'object' && 'struct' in fieldShape ? shape.struct : parent, unknown);
  }
  return out;
}

function emptyOf(shape: Shape): unknown {
  if (shape === 'string') return '';
  if (shape === 'bool') return false;
  return 'list' in shape ? [] : {};
}

/** Parses a configuration document (YAML or JSON) as upstream's strict decoder does. */
export function parseAuthenticationConfiguration(data: string): AuthenticationConfiguration {
  if (data.length === 0) throw new Error('empty config data');
  let doc: unknown;
  try {
    doc = parseYaml(data);
  } catch (e) {
    throw new Error(`couldn't get version/kind; json parse error: ${(e as Error).message.split('\n')[0]}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error("couldn't get version/kind; json parse error: json: cannot unmarshal into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }");
  const { apiVersion, kind } = doc as { apiVersion?: unknown; kind?: unknown };
  if (typeof kind !== 'string' || kind === '') throw new Error(`Object 'Kind' is missing in '${data.trim()}'`);
  const [group, version] = typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', String(apiVersion ?? '')];
  if (group !== CONFIG_GROUP || !CONFIG_VERSIONS.includes(version!) || kind !== 'AuthenticationConfiguration') {
    throw new Error(`no kind "${kind}" is registered for version "${String(apiVersion ?? '')}" in scheme "pkg/runtime/scheme.go:100"`);
  }
  const unknownFields: string[] = [];
  const decoded = decode(doc, CONFIG_SHAPE, '', 'AuthenticationConfiguration', unknownFields) as Record<string, unknown>;
  if (unknownFields.length > 0) {
    throw new Error(`strict decoding error: ${unknownFields.map((f) => `unknown field "${f}"`).join(', ')}`);
  }
  type Decoded = Partial<Omit<JwtAuthenticatorConfig, 'issuer' | 'claimMappings'>> & { issuer?: Partial<JwtIssuer>; claimMappings?: Partial<JwtAuthenticatorConfig['claimMappings']> };
  const jwt = ((decoded.jwt as Decoded[] | undefined) ?? []).map(
    (j): JwtAuthenticatorConfig => ({
      ...j,
      issuer: { ...j.issuer, url: j.issuer?.url ?? '', audiences: j.issuer?.audiences ?? [] },
      claimMappings: { ...j.claimMappings, username: j.claimMappings?.username ?? {} },
    }),
  );
  const config: AuthenticationConfiguration = { jwt };
  if (decoded.anonymous) config.anonymous = { enabled: false, ...(decoded.anonymous as Partial<AnonymousAuthConfig>) };
  return config;
}

/** Reads and parses --authentication-config; the error names the file as kube-apiserver does. */
export function loadAuthenticationConfiguration(path: string): { config: AuthenticationConfiguration; data: string } {
  let data: string;
  try {
    data = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`failed to load authentication configuration from file "${path}": open ${path}: ${code === 'ENOENT' ? 'no such file or directory' : (e as Error).message}`);
  }
  try {
    return { config: parseAuthenticationConfiguration(data), data };
  } catch (e) {
    throw new Error(`failed to load authentication configuration from file "${path}": ${(e as Error).message}`);
  }
}

// ---------------------------------------------------------------------------
// Validation

/** The compiled CEL of one JWT authenticator (upstream's CELMapper). */
export interface CelMapper {
  username?: CelProgram;
  groups?: CelProgram;
  uid?: CelProgram;
  extra: { key: string; program: CelProgram }[];
  claimValidationRules: { expression: string; message: string; program: CelProgram }[];
  userValidationRules: { expression: string; message: string; program: CelProgram }[];
}

export interface ValidationResult {
  errors: FieldError[];
  /** One per jwt entry, in order. */
  mappers: CelMapper[];
}

export interface ValidationGates {
  /** StructuredAuthenticationConfigurationEgressSelector (beta in 1.34, on by default). */
  egressSelector?: boolean;
}

export function validateAuthenticationConfiguration(c: AuthenticationConfiguration, disallowedIssuers: readonly string[] = [], gates: ValidationGates = {}): ValidationResult {
  const errors: FieldError[] = [];
  if (c.jwt.length > MAX_JWT_AUTHENTICATORS) {
    return { errors: [fieldErr.tooMany('jwt', c.jwt.length, MAX_JWT_AUTHENTICATORS)], mappers: [] };
  }
  const mappers: CelMapper[] = [];
  const seenIssuers = new Set<string>();
  const seenDiscovery = new Set<string>();
  c.jwt.forEach((a, i) => {
    const path = `jwt[${i}]`;
    const r = validateJwtAuthenticator(a, path, disallowedIssuers, gates);
    errors.push(...r.errors);
    mappers.push(r.mapper);
    if (seenIssuers.has(a.issuer.url)) errors.push(fieldErr.duplicate(`${path}.issuer.url`, a.issuer.url));
    seenIssuers.add(a.issuer.url);
    const d = a.issuer.discoveryURL ?? '';
    if (d !== '') {
      if (seenDiscovery.has(d)) errors.push(fieldErr.duplicate(`${path}.issuer.discoveryURL`, d));
      seenDiscovery.add(d);
    }
  });
  if (c.anonymous && !c.anonymous.enabled && (c.anonymous.conditions?.length ?? 0) > 0) {
    errors.push(fieldErr.invalid('anonymous.conditions', c.anonymous.conditions, 'enabled should be set to true when conditions are defined'));
  }
  return { errors, mappers };
}

/** The aggregate error kube-apiserver exits with. */
export function configurationError(errors: FieldError[]): Error {
  return new Error(`invalid authentication configuration: ${aggregateMessage(errors.map(goFieldErrorString))}`);
}

export function validateJwtAuthenticator(
  a: JwtAuthenticatorConfig,
  path: string,
  disallowedIssuers: readonly string[] = [],
  gates: ValidationGates = {},
): { errors: FieldError[]; mapper: CelMapper } {
  const errors: FieldError[] = [];
  const mapper: CelMapper = { extra: [], claimValidationRules: [], userValidationRules: [] };
  const state = { usesEmail: false, usesEmailVerified: false };
  const p = (child: string) => (path ? `${path}.${child}` : child);
  errors.push(...validateIssuer(a.issuer, p('issuer'), disallowedIssuers, gates.egressSelector ?? true));

  // claimValidationRules
  const seenClaims = new Set<string>();
  const seenExpressions = new Set<string>();
  (a.claimValidationRules ?? []).forEach((rule, i) => {
    const rp = p(`claimValidationRules[${i}]`);
    const claim = rule.claim ?? '';
    const expression = rule.expression ?? '';
    if (claim && expression) errors.push(fieldErr.invalid(rp, claim, "claim and expression can't both be set"));
    else if (!claim && !expression) errors.push(fieldErr.required(rp, 'claim or expression is required'));
    else if (claim) {
      if (rule.message) errors.push(fieldErr.invalid(`${rp}.message`, rule.message, 'may not be specified when claim is set'));
      if (seenClaims.has(claim)) errors.push(fieldErr.duplicate(`${rp}.claim`, claim));
      seenClaims.add(claim);
    } else {
      if (rule.requiredValue) errors.push(fieldErr.invalid(`${rp}.requiredValue`, rule.requiredValue, 'may not be specified when expression is set'));
      if (seenExpressions.has(expression)) {
        errors.push(fieldErr.duplicate(`${rp}.expression`, expression));
        return;
      }
      seenExpressions.add(expression);
      const program = compileOrRecord(() => compileClaimsExpression(expression, true), `${rp}.expression`, expression, errors);
      if (program) {
        mapper.claimValidationRules.push({ expression, message: rule.message ?? '', program });
        state.usesEmailVerified ||= selectsClaim(expression, 'email_verified');
      }
    }
  });

  // claimMappings
  const m = a.claimMappings;
  const mp = p('claimMappings');
  const username = validatePrefixedClaimOrExpression(m.username ?? {}, `${mp}.username`, true, errors);
  if (username) {
    mapper.username = username;
    state.usesEmail ||= selectsClaim(m.username.expression!, 'email');
    state.usesEmailVerified ||= selectsClaim(m.username.expression!, 'email_verified');
  }
  const groups = validatePrefixedClaimOrExpression(m.groups ?? {}, `${mp}.groups`, false, errors);
  if (groups) mapper.groups = groups;
  const uid = m.uid ?? {};
  if (uid.claim && uid.expression) errors.push(fieldErr.invalid(`${mp}.uid`, '', "claim and expression can't both be set"));
  else if (uid.expression) {
    const program = compileOrRecord(() => compileClaimsExpression(uid.expression!), `${mp}.uid.expression`, uid.expression, errors);
    if (program) mapper.uid = program;
  }
  const seenKeys = new Set<string>();
  (m.extra ?? []).forEach((mapping, i) => {
    const ep = `${mp}.extra[${i}]`;
    const key = mapping.key ?? '';
    errors.push(...isDomainPrefixedPath(`${ep}.key`, key));
    if (key !== key.toLowerCase()) errors.push(fieldErr.invalid(`${ep}.key`, key, 'must be lowercase'));
    if (isKubernetesDomainPrefix(key)) errors.push(fieldErr.invalid(`${ep}.key`, key, 'k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use'));
    if (seenKeys.has(key)) {
      errors.push(fieldErr.duplicate(`${ep}.key`, key));
      return;
    }
    seenKeys.add(key);
    const expression = mapping.valueExpression ?? '';
    if (expression === '') {
      errors.push(fieldErr.required(`${ep}.valueExpression`, ''));
      return;
    }
    const program = compileOrRecord(() => compileClaimsExpression(expression), `${ep}.valueExpression`, expression, errors);
    if (program) {
      mapper.extra.push({ key, program });
      state.usesEmailVerified ||= selectsClaim(expression, 'email_verified');
    }
  });
  if (state.usesEmail && !state.usesEmailVerified) {
    errors.push(
      fieldErr.invalid(
        `${mp}.username.expression`,
        m.username.expression ?? '',
        'claims.email_verified must be used in claimMappings.username.expression or claimMappings.extra[*].valueExpression or claimValidationRules[*].expression when claims.email is used in claimMappings.username.expression',
      ),
    );
  }

  // userValidationRules
  const seenUserExpressions = new Set<string>();
  (a.userValidationRules ?? []).forEach((rule, i) => {
    const up = p(`userValidationRules[${i}]`);
    const expression = rule.expression ?? '';
    if (expression === '') {
      errors.push(fieldErr.required(`${up}.expression`, ''));
      return;
    }
    if (seenUserExpressions.has(expression)) {
      errors.push(fieldErr.duplicate(`${up}.expression`, expression));
      return;
    }
    seenUserExpressions.add(expression);
    const program = compileOrRecord(() => compileUserExpression(expression), `${up}.expression`, expression, errors);
    if (program) mapper.userValidationRules.push({ expression, message: rule.message ?? '', program });
  });
  return { errors, mapper };
}

function compileOrRecord(compile: () => CelProgram, path: string, expression: string, errors: FieldError[]): CelProgram | undefined {
  try {
    return compile();
  } catch (e) {
    if (!(e instanceof ExpressionError)) throw e;
    errors.push(fieldErr.invalid(path, expression, e.message));
    return undefined;
  }
}

function validatePrefixedClaimOrExpression(m: PrefixedClaimOrExpression, path: string, required: boolean, errors: FieldError[]): CelProgram | undefined {
  const claim = m.claim ?? '';
  const expression = m.expression ?? '';
  if (expression && claim) errors.push(fieldErr.invalid(path, '', "claim and expression can't both be set"));
  else if (!expression && !claim && required) errors.push(fieldErr.required(path, 'claim or expression is required'));
  else if (expression) {
    if (m.prefix !== undefined) errors.push(fieldErr.invalid(`${path}.prefix`, m.prefix, 'may not be specified when expression is set'));
    return compileOrRecord(() => compileClaimsExpression(expression), `${path}.expression`, expression, errors);
  } else if (claim && m.prefix === undefined) {
    errors.push(fieldErr.required(`${path}.prefix`, 'prefix is required when claim is set. It can be set to an empty string to disable prefixing'));
  }
  return undefined;
}

function validateIssuer(issuer: JwtIssuer, path: string, disallowed: readonly string[], egressGate: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (issuer.url === '') errors.push(fieldErr.required(`${path}.url`, ''));
  else errors.push(...validateUrl(issuer.url, `${path}.url`, disallowed));
  const discoveryURL = issuer.discoveryURL ?? '';
  if (discoveryURL !== '') {
    if (issuer.url !== '' && issuer.url.replace(/\/+$/, '') === discoveryURL.replace(/\/+$/, '')) {
      errors.push(fieldErr.invalid(`${path}.discoveryURL`, discoveryURL, 'discoveryURL must be different from URL'));
    }
    errors.push(...validateUrl(discoveryURL, `${path}.discoveryURL`, []));
  }
  const audPath = `${path}.audiences`;
  const policyPath = `${path}.audienceMatchPolicy`;
  const policy = issuer.audienceMatchPolicy ?? '';
  if (issuer.audiences.length === 0) {
    errors.push(fieldErr.required(audPath, `at least one ${audPath} is required`));
  } else {
    const seen = new Set<string>();
    issuer.audiences.forEach((aud, i) => {
      if (aud === '') errors.push(fieldErr.required(`${audPath}[${i}]`, ''));
      if (seen.has(aud)) errors.push(fieldErr.duplicate(`${audPath}[${i}]`, aud));
      seen.add(aud);
    });
    if (issuer.audiences.length > 1 && policy !== 'MatchAny') {
      errors.push(fieldErr.invalid(policyPath, policy, 'audienceMatchPolicy must be MatchAny for multiple audiences'));
    }
    if (issuer.audiences.length === 1 && policy !== '' && policy !== 'MatchAny') {
      errors.push(fieldErr.invalid(policyPath, policy, 'audienceMatchPolicy must be empty or MatchAny for single audience'));
    }
  }
  if (issuer.certificateAuthority) {
    try {
      parseCertificateBundle(issuer.certificateAuthority);
    } catch (e) {
      errors.push(fieldErr.invalid(`${path}.certificateAuthority`, '<omitted>', (e as Error).message));
    }
  }
  const egress = issuer.egressSelectorType ?? '';
  if (egress !== '' && !egressGate) {
    errors.push(fieldErr.invalid(`${path}.egressSelectorType`, egress, 'egress selector is not supported when StructuredAuthenticationConfigurationEgressSelector feature gate is disabled'));
  }
  if (egress !== '' && egress !== 'controlplane' && egress !== 'cluster') {
    errors.push(fieldErr.invalid(`${path}.egressSelectorType`, egress, 'egress selector must be either controlplane or cluster'));
  }
  return errors;
}

/** The parts of Go's url.Parse the issuer checks need. */
function parseGoUrl(raw: string): { scheme: string; hasUser: boolean; query: string; fragment: string } {
  if (raw.startsWith(':')) throw new Error(`parse ${JSON.stringify(raw)}: missing protocol scheme`);
  const hash = raw.indexOf('#');
  const fragment = hash >= 0 ? raw.slice(hash + 1) : '';
  const rest = hash >= 0 ? raw.slice(0, hash) : raw;
  const q = rest.indexOf('?');
  const query = q >= 0 ? rest.slice(q + 1) : '';
  const beforeQuery = q >= 0 ? rest.slice(0, q) : rest;
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/.exec(beforeQuery);
  const scheme = m ? m[1]!.toLowerCase() : '';
  const afterScheme = m ? m[2]! : beforeQuery;
  let hasUser = false;
  if (afterScheme.startsWith('//')) {
    const authority = afterScheme.slice(2).split('/')[0]!;
    hasUser = authority.includes('@');
  }
  return { scheme, hasUser, query, fragment };
}

function validateUrl(raw: string, path: string, disallowed: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  if (disallowed.includes(raw)) {
    errors.push(fieldErr.invalid(path, raw, `URL must not overlap with disallowed issuers: [${[...disallowed].sort().join(' ')}]`));
  }
  let u;
  try {
    u = parseGoUrl(raw);
  } catch (e) {
    errors.push(fieldErr.invalid(path, raw, (e as Error).message));
    return errors;
  }
  if (u.scheme !== 'https') errors.push(fieldErr.invalid(path, raw, 'URL scheme must be https'));
  if (u.hasUser) errors.push(fieldErr.invalid(path, raw, 'URL must not contain a username or password'));
  if (u.query.length > 0) errors.push(fieldErr.invalid(path, raw, 'URL must not contain a query'));
  if (u.fragment.length > 0) errors.push(fieldErr.invalid(path, raw, 'URL must not contain a fragment'));
  return errors;
}

const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const httpPathRe = new RegExp(`^${HTTP_PATH_FMT}$`);

/** utilvalidation.IsDomainPrefixedPath. */
function isDomainPrefixedPath(path: string, value: string): FieldError[] {
  if (value === '') return [fieldErr.required(path, '')];
  const slash = value.indexOf('/');
  const host = slash >= 0 ? value.slice(0, slash) : '';
  const rest = slash >= 0 ? value.slice(slash + 1) : '';
  if (slash < 0 || host === '' || rest === '') return [fieldErr.invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errors = isDNS1123Subdomain(host).map((msg) => fieldErr.invalid(path, host, msg));
  if (!httpPathRe.test(rest)) errors.push(fieldErr.invalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errors;
}

function isKubernetesDomainPrefix(key: string): boolean {
  const slash = key.indexOf('/');
  const domain = slash >= 0 ? key.slice(0, slash) : '';
  return domain === 'kubernetes.io' || domain.endsWith('.kubernetes.io') || domain === 'k8s.io' || domain.endsWith('.k8s.io');
}

// ---------------------------------------------------------------------------
// --oidc-* flags and the anonymous section

export interface OidcFlags {
  issuerUrl: string;
  clientId: string;
  caFile?: string;
  /** Default "sub". */
  usernameClaim?: string;
  usernamePrefix?: string;
  groupsClaim?: string;
  groupsPrefix?: string;
  requiredClaims?: Record<string, string>;
  /** Default [RS256]. */
  signingAlgs?: string[];
}

/** The --oidc-* flags as the one JWT authenticator kube-apiserver builds from them. */
export function jwtAuthenticatorFromFlags(f: OidcFlags): JwtAuthenticatorConfig {
  const usernameClaim = f.usernameClaim || 'sub';
  let prefix = f.usernamePrefix ?? '';
  // Legacy flag behavior: claims other than email get the issuer URL as prefix; "-" disables prefixing.
  if (prefix === '' && usernameClaim !== 'email') prefix = `${f.issuerUrl}#`;
  if (f.usernamePrefix === '-') prefix = '';
  const jwt: JwtAuthenticatorConfig = {
    issuer: { url: f.issuerUrl, audiences: [f.clientId] },
    claimMappings: { username: { claim: usernameClaim, prefix } },
  };
  if (f.groupsClaim) jwt.claimMappings.groups = { claim: f.groupsClaim, prefix: f.groupsPrefix ?? '' };
  if (f.caFile) jwt.issuer.certificateAuthority = readFileSync(f.caFile, 'utf8');
  const required = Object.entries(f.requiredClaims ?? {});
  if (required.length > 0) jwt.claimValidationRules = required.map(([claim, requiredValue]) => ({ claim, requiredValue }));
  return jwt;
}

/**
 * Which anonymous configuration applies: the file's section, else --anonymous-auth.
 * Throws kube-apiserver's error when both were given (the server must exit).
 */
export function resolveAnonymous(fileSection: AnonymousAuthConfig | undefined, flag: { value: boolean; set: boolean }): AnonymousAuthConfig {
  if (fileSection && flag.set) {
    throw new Error(`${goFieldErrorString(fieldErr.forbidden('anonymous', '--anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file'))}`);
  }
  return fileSection ?? { enabled: flag.value };
}
