// Command-line flags with kube-apiserver's names and pflag's syntax and messages.
// One table (FLAGS) declares every flag; parsing, the ServerFlags type and the
// --help text are all derived from it. To add a flag, add one row.

import { goParseBool } from '../apimachinery/querybool.js';
import { ipFamily } from '../util/ip-family.js';
import { readCsv } from '../authn/csv.js';
import { goQuote } from '../util/log.js';
import { ADMISSION_PLUGIN_NAMES, DEFAULT_ADMISSION_PLUGINS } from '../admission/plugins.js';
import { enabledAdmissionPlugins } from '../admission/layer.js';
import { knownFeatureOptions } from '../features/index.js';
import { DEFAULT_SERVICE_CLUSTER_IP_RANGE } from './pki.js';

export interface PortRange {
  base: number;
  size: number;
}

/** Parsed value types. Durations are milliseconds. */
interface ValueOf {
  bool: boolean;
  int: number;
  level: number;
  string: string;
  ip: string;
  duration: number;
  strings: string[];
  mapStringString: Record<string, string>;
  /** cliflag.MapStringStringNoSplit: one key=value per use, commas kept. */
  mapStringStringNoSplit: Record<string, string>;
  mapStringBool: Record<string, boolean>;
  portRange: PortRange;
}

export type FlagType = keyof ValueOf;

type DefaultOf<T extends FlagType> = ValueOf[T] extends (infer E)[] ? readonly E[] : Readonly<ValueOf[T]>;

export interface FlagSpec<N extends string = string, T extends FlagType = FlagType> {
  readonly name: N;
  readonly type: T;
  readonly default: DefaultOf<T>;
  readonly usage: string;
  /** The --help section, as kube-apiserver groups its flags. */
  readonly section: string;
  readonly shorthand?: string;
}

function flag<const N extends string, T extends FlagType>(
  name: N,
  type: T,
  def: DefaultOf<T>,
  section: string,
  usage: string,
  shorthand?: string,
): FlagSpec<N, T> {
  return shorthand === undefined ? { name, type, default: def, usage, section } : { name, type, default: def, usage, section, shorthand };
}

export const FLAGS = [
  // Generic
  flag('advertise-address', 'ip', '', 'Generic', 'The IP address on which to advertise the apiserver to members of the cluster. If blank, the --bind-address is used, and if that is unspecified, the host\'s default interface.'),
  flag('livez-grace-period', 'duration', 0, 'Generic', 'How long the apiserver may take to finish its startup sequence; during this time /livez reports healthy.'),
  flag('max-mutating-requests-inflight', 'int', 200, 'Generic', 'This and --max-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of mutating requests in flight, or a zero value disables the limit completely.'),
  flag('max-request-body-bytes', 'int', 3 * 1024 * 1024, 'Generic', 'The limit on the size of a request body; a larger body is rejected with 413 Request Entity Too Large. Zero means no limit. (kube-apiserver has this limit, MaxRequestBodyBytes, but no flag for it.)'),
  flag('max-requests-inflight', 'int', 400, 'Generic', 'This and --max-mutating-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of non-mutating requests in flight, or a zero value disables the limit completely.'),
  flag('shutdown-delay-duration', 'duration', 0, 'Generic', 'Time to delay the termination. During this time the server keeps serving requests normally, while /readyz returns failure, so that load balancers stop sending traffic.'),
  // Etcd
  flag('etcd-cafile', 'string', '', 'Etcd', 'SSL Certificate Authority file used to secure etcd communication.'),
  flag('etcd-certfile', 'string', '', 'Etcd', 'SSL certification file used to secure etcd communication.'),
  flag('etcd-compaction-interval', 'duration', 5 * 60_000, 'Etcd', 'The interval of compaction requests. If 0, compaction requests from the apiserver are disabled.'),
  flag('etcd-keyfile', 'string', '', 'Etcd', 'SSL key file used to secure etcd communication.'),
  flag('etcd-prefix', 'string', '/registry', 'Etcd', 'The prefix to prepend to all resource paths in etcd.'),
  flag('etcd-servers', 'strings', [], 'Etcd', 'List of etcd servers to connect with (scheme://ip:port), comma separated. When empty, skiff stores data in SQLite under --data-dir.'),
  // Secure serving
  flag('bind-address', 'ip', '0.0.0.0', 'Secure serving', 'The IP address on which to listen for the --secure-port port. If blank or an unspecified address (0.0.0.0 or ::), all interfaces and IP address families are used.'),
  flag('secure-port', 'int', 6443, 'Secure serving', 'The port on which to serve HTTPS with authentication and authorization. It cannot be switched off with 0.'),
  flag('tls-cert-file', 'string', '', 'Secure serving', 'File containing the default x509 Certificate for HTTPS (CA cert, if any, concatenated after server cert). If HTTPS serving is enabled and neither this nor --tls-private-key-file is given, a CA and serving certificate are generated in --data-dir.'),
  flag('tls-private-key-file', 'string', '', 'Secure serving', 'File containing the default x509 private key matching --tls-cert-file.'),
  // Authentication
  flag('authentication-config', 'string', '', 'Authentication', 'File with Authentication Configuration to configure the JWT Token authenticator or the anonymous authenticator. Requires the StructuredAuthenticationConfiguration feature gate. This flag is mutually exclusive with the --oidc-* flags if the file configures the JWT Token authenticator. This flag is mutually exclusive with --anonymous-auth if the file configures the Anonymous authenticator.'),
  flag('authentication-token-webhook-cache-ttl', 'duration', 120_000, 'Authentication', 'The duration to cache responses from the webhook token authenticator.'),
  flag('authentication-token-webhook-config-file', 'string', '', 'Authentication', 'File with webhook configuration for token authentication in kubeconfig format. The API server will query the remote service to determine authentication for bearer tokens.'),
  flag('authentication-token-webhook-version', 'string', 'v1beta1', 'Authentication', 'The API version of the authentication.k8s.io TokenReview to send to and expect from the webhook.'),
  flag('oidc-ca-file', 'string', '', 'Authentication', "If set, the OpenID server's certificate will be verified by one of the authorities in the oidc-ca-file, otherwise the host's root CA set will be used."),
  flag('oidc-client-id', 'string', '', 'Authentication', 'The client ID for the OpenID Connect client, must be set if oidc-issuer-url is set.'),
  flag('oidc-groups-claim', 'string', '', 'Authentication', 'If provided, the name of a custom OpenID Connect claim for specifying user groups. The claim value is expected to be a string or array of strings. This flag is experimental, please see the authentication documentation for further details.'),
  flag('oidc-groups-prefix', 'string', '', 'Authentication', 'If provided, all groups will be prefixed with this value to prevent conflicts with other authentication strategies.'),
  flag('oidc-issuer-url', 'string', '', 'Authentication', 'The URL of the OpenID issuer, only HTTPS scheme will be accepted. If set, it will be used to verify the OIDC JSON Web Token (JWT).'),
  flag('oidc-required-claim', 'mapStringStringNoSplit', {}, 'Authentication', 'A key=value pair that describes a required claim in the ID Token. If set, the claim is verified to be present in the ID Token with a matching value. Repeat this flag to specify multiple claims.'),
  flag('oidc-signing-algs', 'strings', ['RS256'], 'Authentication', "Comma-separated list of allowed JOSE asymmetric signing algorithms. JWTs with a supported 'alg' header values are: RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512. Values are defined by RFC 7518 https://tools.ietf.org/html/rfc7518#section-3.1."),
  flag('oidc-username-claim', 'string', 'sub', 'Authentication', "The OpenID claim to use as the user name. Note that claims other than the default ('sub') is not guaranteed to be unique and immutable. This flag is experimental, please see the authentication documentation for further details."),
  flag('oidc-username-prefix', 'string', '', 'Authentication', "If provided, all usernames will be prefixed with this value. If not provided, username claims other than 'email' are prefixed by the issuer URL to avoid clashes. To skip any prefixing, provide the value '-'."),
  // Features
  flag('enable-priority-and-fairness', 'bool', true, 'Features', 'If true, replace the max-in-flight handler with an enhanced one that queues and dispatches with priority and fairness'),
  flag('anonymous-auth', 'bool', true, 'Authentication', 'Enables anonymous requests to the secure port. Requests that are not rejected by another authentication method are treated as anonymous requests, with a username of system:anonymous and a group name of system:unauthenticated.'),
  flag('client-ca-file', 'string', '', 'Authentication', 'If set, any request presenting a client certificate signed by one of the authorities in the client-ca-file is authenticated with an identity corresponding to the CommonName of the client certificate.'),
  flag('token-auth-file', 'string', '', 'Authentication', 'If set, the file that will be used to secure the secure port of the API server via token authentication.'),
  flag('api-audiences', 'strings', [], 'Authentication', 'Identifiers of the API. The service account token authenticator will validate that tokens used against the API are bound to at least one of these audiences. If the --service-account-issuer flag is configured and this flag is not, this field defaults to a single element list containing the issuer URL.'),
  flag('enable-bootstrap-token-auth', 'bool', false, 'Authentication', 'Enable to allow secrets of type \'bootstrap.kubernetes.io/token\' in the \'kube-system\' namespace to be used for TLS bootstrapping authentication.'),
  flag('requestheader-allowed-names', 'strings', [], 'Authentication', 'List of client certificate common names to allow to provide usernames in headers specified by --requestheader-username-headers. If empty, any client certificate validated by the authorities in --requestheader-client-ca-file is allowed.'),
  flag('requestheader-client-ca-file', 'string', '', 'Authentication', 'Root certificate bundle to use to verify client certificates on incoming requests before trusting usernames in headers specified by --requestheader-username-headers. WARNING: generally do not depend on authorization being already done for incoming requests.'),
  flag('requestheader-extra-headers-prefix', 'strings', [], 'Authentication', 'List of request header prefixes to inspect. X-Remote-Extra- is suggested.'),
  flag('requestheader-group-headers', 'strings', [], 'Authentication', 'List of request headers to inspect for groups. X-Remote-Group is suggested.'),
  flag('requestheader-uid-headers', 'strings', [], 'Authentication', 'List of request headers to inspect for UIDs. X-Remote-Uid is suggested. Requires the RemoteRequestHeaderUID feature to be enabled.'),
  flag('requestheader-username-headers', 'strings', [], 'Authentication', 'List of request headers to inspect for usernames. X-Remote-User is common.'),
  flag('service-account-extend-token-expiration', 'bool', true, 'Authentication', 'Turns on projected service account expiration extension during token generation, which helps safe transition from legacy token to bound service account token feature. If this flag is enabled, admission injected tokens would be extended up to 1 year to prevent unexpected failure during transition, ignoring value of service-account-max-token-expiration.'),
  flag('service-account-issuer', 'strings', [], 'Authentication', 'Identifier of the service account token issuer. The issuer will assert this identifier in "iss" claim of issued tokens. This value is a string or URI. When this flag is specified multiple times, the first is used to generate tokens and all are used to determine which issuers are accepted. Default (skiff): https://kubernetes.default.svc.cluster.local.'),
  flag('service-account-key-file', 'strings', [], 'Authentication', 'File containing PEM-encoded x509 RSA or ECDSA private or public keys, used to verify ServiceAccount tokens. The specified file can contain multiple keys, and the flag can be specified multiple times with different files. If unspecified, --tls-private-key-file is used (and skiff\'s generated service-account key). Must be specified when --service-account-signing-key-file is provided'),
  flag('service-account-lookup', 'bool', true, 'Authentication', 'If true, validate ServiceAccount tokens exist in etcd as part of authentication.'),
  flag('service-account-max-token-expiration', 'duration', 0, 'Authentication', 'The maximum validity duration of a token created by the service account token issuer. If an otherwise valid TokenRequest with a validity duration larger than this value is requested, a token will be issued with a validity duration of this value.'),
  flag('service-account-signing-key-file', 'string', '', 'Authentication', 'Path to the file that contains the current private key of the service account token issuer. The issuer will sign issued ID tokens with this private key. Default (skiff): the key generated in --data-dir.'),
  // Admission
  flag('admission-control-config-file', 'string', '', 'Admission', 'File with admission control configuration.'),
  flag('disable-admission-plugins', 'strings', [], 'Admission', `admission plugins that should be disabled although they are in the default enabled plugins list (${DEFAULT_ADMISSION_PLUGINS.join(', ')}). Comma-delimited list of admission plugins: ${[...ADMISSION_PLUGIN_NAMES].sort().join(', ')}. The order of plugins in this flag does not matter.`),
  flag('enable-admission-plugins', 'strings', [], 'Admission', `admission plugins that should be enabled in addition to default enabled ones (${DEFAULT_ADMISSION_PLUGINS.join(', ')}). Comma-delimited list of admission plugins: ${[...ADMISSION_PLUGIN_NAMES].sort().join(', ')}. The order of plugins in this flag does not matter.`),
  // Authorization
  flag('authorization-config', 'string', '', 'Authorization', 'File with Authorization Configuration to configure the authorizer chain. Requires feature gate StructuredAuthorizationConfiguration. This flag is mutually exclusive with the other --authorization-mode and --authorization-webhook-* flags.'),
  flag('authorization-mode', 'strings', ['Node', 'RBAC'], 'Authorization', 'Ordered list of plug-ins to do authorization on secure port. Defaults to Node,RBAC if --authorization-config is not used (skiff is secure by default; kube-apiserver defaults to AlwaysAllow). Comma-delimited list of: AlwaysAllow,AlwaysDeny,ABAC,Webhook,RBAC,Node.'),
  flag('authorization-policy-file', 'string', '', 'Authorization', 'File with authorization policy in json line by line format, used with --authorization-mode=ABAC, on the secure port.'),
  flag('authorization-webhook-cache-authorized-ttl', 'duration', 5 * 60_000, 'Authorization', 'The duration to cache \'authorized\' responses from the webhook authorizer.'),
  flag('authorization-webhook-cache-unauthorized-ttl', 'duration', 30_000, 'Authorization', 'The duration to cache \'unauthorized\' responses from the webhook authorizer.'),
  flag('authorization-webhook-config-file', 'string', '', 'Authorization', 'File with webhook configuration in kubeconfig format, used with --authorization-mode=Webhook. The API server will query the remote service to determine access on the API server\'s secure port.'),
  flag('authorization-webhook-version', 'string', 'v1beta1', 'Authorization', 'The API version of the authorization.k8s.io SubjectAccessReview to send to and expect from the webhook.'),
  // Controllers (kube-controller-manager's flag: skiff runs these loops in-process)
  flag('controllers', 'strings', ['*'], 'Controllers', 'A list of controllers to enable. \'*\' enables all on-by-default controllers, \'foo\' enables the controller named \'foo\', \'-foo\' disables the controller named \'foo\'. All controllers: bootstrapsigner, clusterrole-aggregation, garbagecollector, namespace, serviceaccount-token, tokencleaner. Disabled-by-default controllers: bootstrapsigner, tokencleaner.'),
  flag('leader-elect-lease-duration', 'duration', 15_000, 'Controllers', 'The duration that non-leader candidates will wait after observing a leadership renewal until attempting to acquire leadership of a led but unrenewed leader slot. This is effectively the maximum duration that a leader can be stopped before it is replaced by another candidate.'),
  flag('leader-elect-renew-deadline', 'duration', 10_000, 'Controllers', 'The interval between attempts by the acting master to renew a leadership slot before it stops leading. This must be less than the lease duration.'),
  flag('resource-quota-sync-period', 'duration', 5 * 60_000, 'Controllers', 'The period for syncing quota usage status in the system (kube-controller-manager\'s flag).'),
  flag('leader-elect-retry-period', 'duration', 2_000, 'Controllers', 'The duration the clients should wait between attempting acquisition and renewal of a leadership.'),
  // API enablement
  flag('runtime-config', 'mapStringString', {}, 'API enablement', 'A set of key=value pairs that enable or disable built-in APIs, e.g. apps/v1=true or api/all=false.'),
  // Misc
  flag('service-cluster-ip-range', 'string', DEFAULT_SERVICE_CLUSTER_IP_RANGE, 'Misc', 'A CIDR notation IP range from which to assign service cluster IPs. This must not overlap with any IP ranges assigned to nodes or pods.'),
  flag('service-node-port-range', 'portRange', { base: 30000, size: 2768 }, 'Misc', 'A port range to reserve for services with NodePort visibility. Example: \'30000-32767\'. Inclusive at both ends of the range.'),
  // Feature gates
  flag(
    'feature-gates', 'mapStringBool', {}, 'Feature gate',
    'Comma-separated list of component:key=value pairs that describe feature gates for alpha/experimental features of different components.\n' +
      "If the component is not specified, defaults to \"kube\". This flag can be repeatedly invoked. For example: --feature-gates 'wardle:featureA=true,wardle:featureB=false' --feature-gates 'kube:featureC=true'" +
      'Options are:\n' + knownFeatureOptions().join('\n'),
  ),
  // Auditing
  flag('audit-log-format', 'string', 'json', 'Auditing', 'Format of saved audits. "legacy" indicates 1-line text format for each event. "json" indicates structured json format. Known formats are legacy,json.'),
  flag('audit-log-maxage', 'int', 0, 'Auditing', 'The maximum number of days to retain old audit log files based on the timestamp encoded in their filename.'),
  flag('audit-log-maxbackup', 'int', 0, 'Auditing', 'The maximum number of old audit log files to retain. Setting a value of 0 will mean there\'s no restriction on the number of files.'),
  flag('audit-log-maxsize', 'int', 0, 'Auditing', 'The maximum size in megabytes of the audit log file before it gets rotated.'),
  flag('audit-log-path', 'string', '', 'Auditing', 'If set, all requests coming to the apiserver will be logged to this file.  \'-\' means standard out.'),
  flag('audit-policy-file', 'string', '', 'Auditing', 'Path to the file that defines the audit policy configuration.'),
  flag('audit-webhook-batch-max-size', 'int', 400, 'Auditing', 'The maximum size of a batch. Only used in batch mode.'),
  flag('audit-webhook-batch-max-wait', 'duration', 30_000, 'Auditing', 'The amount of time to wait before force writing the batch that hadn\'t reached the max size. Only used in batch mode.'),
  flag('audit-webhook-config-file', 'string', '', 'Auditing', 'Path to a kubeconfig formatted file that defines the audit webhook configuration.'),
  flag('audit-webhook-mode', 'string', 'batch', 'Auditing', 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict.'),
  // Metrics
  flag('show-hidden-metrics-for-version', 'string', '', 'Metrics', 'The previous version for which you want to show hidden metrics. Only the previous minor version is meaningful, other values will not be allowed. The format is <major>.<minor>, e.g.: \'1.16\'. The purpose of this format is make sure you have the opportunity to notice if the next release hides additional metrics, rather than being surprised when they are permanently removed in the release after that.'),
  // Logs
  flag('logging-format', 'string', 'text', 'Logs', 'Sets the log format. Permitted formats: "json", "text".'),
  flag('v', 'level', 0, 'Logs', 'number for the log level verbosity', 'v'),
  // skiff
  flag('data-dir', 'string', './.skiff', 'Skiff', 'Directory for skiff\'s own state: the SQLite store, the generated PKI and the admin kubeconfig.'),
  // Global
  flag('help', 'bool', false, 'Global', 'help for skiff', 'h'),
] as const;

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type Table = (typeof FLAGS)[number];

/** The parsed flags: one camelCase property per row of FLAGS (durations in milliseconds). */
export type ServerFlags = { [F in Table as CamelCase<F['name']>]: ValueOf[F['type']] };

export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

export interface ParsedFlags {
  options: ServerFlags;
  positional: string[];
  /** -h or --help was given. */
  help: boolean;
  /** Names of the flags set on the command line. */
  changed: Set<string>;
}

export const COMMAND_NAME = 'skiff';

/** kube-apiserver normalizes word separators: --secure_port is --secure-port. */
function normalizeName(name: string): string {
  return name.replace(/_/g, '-');
}

function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

const byName = new Map<string, FlagSpec>(FLAGS.map((f) => [f.name, f]));
const byShorthand = new Map<string, FlagSpec>(FLAGS.filter((f) => f.shorthand).map((f) => [f.shorthand!, f]));

// ---------------------------------------------------------------------------
// Value parsing, with the error texts of Go's strconv, time and net packages.

function syntaxError(fn: string, s: string): Error {
  return new Error(`strconv.${fn}: parsing ${goQuote(s)}: invalid syntax`);
}
function rangeError(fn: string, s: string): Error {
  return new Error(`strconv.${fn}: parsing ${goQuote(s)}: value out of range`);
}

export function parseGoBool(s: string): boolean {
  const b = goParseBool(s);
  if (b === undefined) throw syntaxError('ParseBool', s);
  return b;
}

/** Go's underscoreOK: each '_' separates digits (a base prefix counts as a digit). */
function underscoreOK(s: string): boolean {
  let saw = '^';
  let i = 0;
  const hex = /^0[xX]/.test(s);
  if (/^0[xXbBoO]/.test(s)) {
    i = 2;
    saw = '0';
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/** strconv.ParseInt(s, 0, 64): optional sign, 0x/0o/0b/0 prefixes, underscores between digits. */
export function parseGoInt(s: string): number {
  const sign = s[0] === '-' || s[0] === '+' ? s[0] : '';
  const body = s.slice(sign.length);
  if (body === '' || (body.includes('_') && !underscoreOK(body))) throw syntaxError('ParseInt', s);
  const digits = body.replace(/_/g, '');
  let big: bigint;
  if (/^0[xX][0-9a-fA-F]+$/.test(digits)) big = BigInt('0x' + digits.slice(2));
  else if (/^0[bB][01]+$/.test(digits)) big = BigInt('0b' + digits.slice(2));
  else if (/^0[oO][0-7]+$/.test(digits)) big = BigInt('0o' + digits.slice(2));
  else if (/^0[0-7]+$/.test(digits)) big = BigInt('0o' + digits.slice(1));
  else if (/^(0|[1-9][0-9]*)$/.test(digits)) big = BigInt(digits);
  else throw syntaxError('ParseInt', s);
  if (sign === '-') big = -big;
  if (big > 9223372036854775807n || big < -9223372036854775808n) throw rangeError('ParseInt', s);
  return Number(big);
}

/** strconv.ParseUint(s, 10, 32), as klog's verbosity level parses. */
function parseUint32(s: string): number {
  if (!/^[0-9]+$/.test(s)) throw syntaxError('ParseUint', s);
  const n = Number(s);
  if (n > 0xffffffff) throw rangeError('ParseUint', s);
  return n;
}

const DURATION_UNITS_NS: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** Go's time.ParseDuration, returning milliseconds. */
export function parseGoDuration(s: string): number {
  const invalid = () => new Error(`time: invalid duration ${goQuote(s)}`);
  let rest = s;
  let sign = 1;
  if (rest[0] === '-' || rest[0] === '+') {
    if (rest[0] === '-') sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let totalNs = 0;
  while (rest !== '') {
    const num = /^([0-9]*)(\.([0-9]*))?/.exec(rest)!;
    const whole = num[1];
    const frac = num[3] ?? '';
    if (whole === '' && frac === '') throw invalid();
    rest = rest.slice(num[0].length);
    const unitMatch = /^[^0-9.]+/.exec(rest);
    if (!unitMatch) throw new Error(`time: missing unit in duration ${goQuote(s)}`);
    const unit = unitMatch[0];
    const scale = DURATION_UNITS_NS[unit];
    if (scale === undefined) throw new Error(`time: unknown unit ${goQuote(unit)} in duration ${goQuote(s)}`);
    rest = rest.slice(unit.length);
    totalNs += Number(whole || '0') * scale + (frac ? Number('0.' + frac) * scale : 0);
    if (totalNs > 9223372036854775807) throw invalid();
  }
  return (sign * Math.round(totalNs)) / 1e6;
}

/** Go's time.Duration.String() for a duration given in milliseconds. */
export function formatGoDuration(ms: number): string {
  let ns = Math.round(ms * 1e6);
  if (ns === 0) return '0s';
  const neg = ns < 0;
  if (neg) ns = -ns;
  const trim = (x: string) => x.replace(/\.?0+$/, '');
  let out: string;
  if (ns < 1e9) {
    if (ns < 1e3) out = `${ns}ns`;
    else if (ns < 1e6) out = `${trim((ns / 1e3).toFixed(3))}µs`;
    else out = `${trim((ns / 1e6).toFixed(6))}ms`;
  } else {
    const h = Math.floor(ns / 3600e9);
    const m = Math.floor((ns % 3600e9) / 60e9);
    const sec = (ns % 60e9) / 1e9;
    const secText = Number.isInteger(sec) ? String(sec) : trim(sec.toFixed(9));
    out = h > 0 ? `${h}h${m}m${secText}s` : m > 0 ? `${m}m${secText}s` : `${secText}s`;
  }
  return (neg ? '-' : '') + out;
}

function atoi(s: string): number {
  if (!/^[+-]?[0-9]+$/.test(s)) throw syntaxError('Atoi', s);
  return Number(s);
}

/** k8s.io/apimachinery's PortRange: "30000-32767", "30000+2767" or a single port. */
export function parsePortRange(value: string): PortRange {
  const v = value.trim();
  if (v === '') return { base: 0, size: 0 };
  const hyphen = v.indexOf('-');
  const plus = v.indexOf('+');
  let low: number;
  let high: number;
  if (hyphen < 0 && plus < 0) {
    low = high = atoi(v);
  } else if (hyphen >= 0 && plus < 0) {
    low = atoi(v.slice(0, hyphen));
    high = atoi(v.slice(hyphen + 1));
  } else if (plus >= 0 && hyphen < 0) {
    low = atoi(v.slice(0, plus));
    high = low + atoi(v.slice(plus + 1));
  } else {
    throw new Error(`unable to parse port range: ${v}`);
  }
  if (low > 65535 || high > 65535) throw new Error(`the port range cannot be greater than 65535: ${v}`);
  if (high < low) throw new Error(`end port cannot be less than start port: ${v}`);
  return { base: low, size: 1 + high - low };
}

function parseIp(s: string): string {
  const v = s.trim();
  if (ipFamily(v) === 0) throw new Error(`failed to parse IP: ${goQuote(s)}`);
  return v;
}

function parseStringSlice(s: string): string[] {
  if (s === '') return [];
  const records = readCsv(s);
  return records[0] ?? [];
}

function parseConfigurationMap(s: string, into: Record<string, string>): void {
  for (const part of s.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq < 0) into[item] = '';
    else into[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
}

function parseStringPair(s: string, into: Record<string, string>): void {
  const eq = s.indexOf('=');
  if (eq < 0) throw new Error('malformed pair, expect string=string');
  into[s.slice(0, eq).trim()] = s.slice(eq + 1).trim();
}

/** featuregate.Set: "Name=true,Other=false"; every entry needs a bool. */
function parseFeatureGates(s: string, into: Record<string, boolean>): void {
  const parsed: Record<string, boolean> = {};
  for (const part of s.split(',')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (eq < 0) throw new Error(`missing bool value for ${key}`);
    const val = part.slice(eq + 1).trim();
    try {
      parsed[key] = parseGoBool(val);
    } catch (e) {
      throw new Error(`invalid value of ${key}=${val}, err: ${(e as Error).message}`);
    }
  }
  Object.assign(into, parsed);
}

type MutableFlags = Record<string, unknown>;

function cloneDefault(spec: FlagSpec): unknown {
  const d: unknown = spec.default;
  if (Array.isArray(d)) return [...(d as readonly unknown[])];
  if (d !== null && typeof d === 'object') return { ...(d as object) };
  return d;
}

function setValue(spec: FlagSpec, raw: string, out: MutableFlags, changed: Set<string>): void {
  const key = camelCase(spec.name);
  const first = !changed.has(spec.name);
  switch (spec.type) {
    case 'bool':
      out[key] = parseGoBool(raw);
      break;
    case 'int':
      out[key] = parseGoInt(raw);
      break;
    case 'level':
      out[key] = parseUint32(raw);
      break;
    case 'string':
      out[key] = raw;
      break;
    case 'ip':
      out[key] = parseIp(raw);
      break;
    case 'duration':
      out[key] = parseGoDuration(raw);
      break;
    case 'strings': {
      // pflag: the first use replaces the default, later uses append.
      const values = parseStringSlice(raw);
      out[key] = first ? values : [...(out[key] as string[]), ...values];
      break;
    }
    case 'mapStringString':
      parseConfigurationMap(raw, out[key] as Record<string, string>);
      break;
    case 'mapStringStringNoSplit':
      parseStringPair(raw, out[key] as Record<string, string>);
      break;
    case 'mapStringBool':
      parseFeatureGates(raw, out[key] as Record<string, boolean>);
      break;
    case 'portRange':
      out[key] = parsePortRange(raw);
      break;
  }
  changed.add(spec.name);
}

function displayName(spec: FlagSpec): string {
  return spec.shorthand ? `-${spec.shorthand}, --${spec.name}` : `--${spec.name}`;
}

function applyValue(spec: FlagSpec, raw: string, out: MutableFlags, changed: Set<string>): void {
  try {
    setValue(spec, raw, out, changed);
  } catch (e) {
    throw new FlagError(`invalid argument ${goQuote(raw)} for ${goQuote(displayName(spec))} flag: ${(e as Error).message}`);
  }
}

/** Parses argv (without the node and script entries) with pflag's rules. Throws FlagError. */
export function parseFlags(argv: readonly string[]): ParsedFlags {
  const out: MutableFlags = {};
  for (const spec of FLAGS) out[camelCase(spec.name)] = cloneDefault(spec);
  const changed = new Set<string>();
  const positional: string[] = [];
  const args = [...argv];

  while (args.length > 0) {
    const s = args.shift()!;
    if (s.length < 2 || s[0] !== '-') {
      positional.push(s);
      continue;
    }
    if (s === '--') {
      positional.push(...args);
      break;
    }
    if (s[1] === '-') {
      const body = s.slice(2);
      if (body === '' || body[0] === '-' || body[0] === '=') throw new FlagError(`bad flag syntax: ${s}`);
      const eq = body.indexOf('=');
      const given = eq < 0 ? body : body.slice(0, eq);
      const spec = byName.get(normalizeName(given));
      if (!spec) throw new FlagError(`unknown flag: --${given}`);
      if (eq >= 0) applyValue(spec, body.slice(eq + 1), out, changed);
      else if (spec.type === 'bool') applyValue(spec, 'true', out, changed);
      else if (args.length > 0) applyValue(spec, args.shift()!, out, changed);
      else throw new FlagError(`flag needs an argument: ${s}`);
      continue;
    }
    // One or more shorthands: -v4, -v=4, -v 4, -h.
    let shorts = s.slice(1);
    while (shorts.length > 0) {
      const c = shorts[0];
      const spec = byShorthand.get(c);
      if (!spec) throw new FlagError(`unknown shorthand flag: '${c}' in -${shorts}`);
      if (shorts.length > 2 && shorts[1] === '=') {
        applyValue(spec, shorts.slice(2), out, changed);
        shorts = '';
      } else if (spec.type === 'bool') {
        applyValue(spec, 'true', out, changed);
        shorts = shorts.slice(1);
      } else if (shorts.length > 1) {
        applyValue(spec, shorts.slice(1), out, changed);
        shorts = '';
      } else if (args.length > 0) {
        applyValue(spec, args.shift()!, out, changed);
        shorts = '';
      } else {
        throw new FlagError(`flag needs an argument: '${c}' in -${shorts}`);
      }
    }
  }
  const options = out as unknown as ServerFlags;
  return { options, positional, help: options.help, changed };
}

/** The message the CLI prints before exiting 2. */
export function formatFlagError(err: Error): string {
  return `Error: ${err.message}\nRun '${COMMAND_NAME} --help' for usage.\n`;
}

const ALL_AUTHORIZATION_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'];

/**
 * kube-apiserver's validateOIDCOptions: any --oidc-* flag given (`changed`) needs both
 * issuer URL and client id, and none may be combined with --authentication-config.
 */
function validateOidcFlags(o: ServerFlags, changed: ReadonlySet<string>): string[] {
  const oidcFlagsSet = [...changed].some((name) => name.startsWith('oidc-'));
  if (o.authenticationConfig === '') {
    return oidcFlagsSet && (o.oidcIssuerUrl === '' || o.oidcClientId === '') ? ['oidc-issuer-url and oidc-client-id must be specified together when any oidc-* flags are set'] : [];
  }
  const errs: string[] = [];
  if (o.featureGates.StructuredAuthenticationConfiguration === false) {
    errs.push('set --feature-gates=StructuredAuthenticationConfiguration=true to use authentication-config file');
  }
  if (oidcFlagsSet) errs.push('authentication-config file and oidc-* flags are mutually exclusive');
  return errs;
}

/** Checks that go beyond syntax, with kube-apiserver's messages. Empty when valid. */
export function validateServerFlags(o: ServerFlags, positional: readonly string[] = [], changed: ReadonlySet<string> = new Set()): string[] {
  const errs: string[] = [...validateOidcFlags(o, changed)];
  if (o.securePort < 1 || o.securePort > 65535) {
    errs.push(`--secure-port ${o.securePort} must be between 1 and 65535, inclusive. It cannot be turned off with 0`);
  }
  if ((o.tlsCertFile === '') !== (o.tlsPrivateKeyFile === '')) {
    errs.push('missing filename for serving cert');
  }
  for (const mode of o.authorizationMode) {
    if (!ALL_AUTHORIZATION_MODES.includes(mode)) errs.push(`authorization-mode ${goQuote(mode)} is not a valid mode`);
  }
  if (new Set(o.authorizationMode).size !== o.authorizationMode.length) {
    errs.push(`authorization-mode ${goQuote(o.authorizationMode.join(','))} has mode specified more than once`);
  }
  errs.push(...validateAuthenticationFlags(o));
  try {
    enabledAdmissionPlugins({ enableAdmissionPlugins: o.enableAdmissionPlugins, disableAdmissionPlugins: o.disableAdmissionPlugins });
  } catch (e) {
    errs.push((e as Error).message);
  }
  if (o.maxRequestBodyBytes < 0) errs.push(`--max-request-body-bytes can not be negative value`);
  if (o.maxRequestsInflight < 0) errs.push(`--max-requests-inflight can not be negative value`);
  if (o.maxMutatingRequestsInflight < 0) errs.push(`--max-mutating-requests-inflight can not be negative value`);
  if (o.enablePriorityAndFairness && o.maxRequestsInflight + o.maxMutatingRequestsInflight <= 0) {
    errs.push(`invalid configuration: MaxRequestsInFlight=${o.maxRequestsInflight} and MaxMutatingRequestsInFlight=${o.maxMutatingRequestsInflight}; they must add up to something positive`);
  }
  // component-base's ValidateLeaderElectionConfiguration, as kube-controller-manager applies it.
  const le = 'generic.leaderElection';
  if (o.leaderElectLeaseDuration <= 0) errs.push(`${le}.leaseDuration: Invalid value: ${goQuote(formatGoDuration(o.leaderElectLeaseDuration))}: must be greater than zero`);
  if (o.leaderElectRenewDeadline <= 0) errs.push(`${le}.renewDeadline: Invalid value: ${goQuote(formatGoDuration(o.leaderElectRenewDeadline))}: must be greater than zero`);
  if (o.leaderElectRetryPeriod <= 0) errs.push(`${le}.retryPeriod: Invalid value: ${goQuote(formatGoDuration(o.leaderElectRetryPeriod))}: must be greater than zero`);
  if (o.leaderElectLeaseDuration <= o.leaderElectRenewDeadline) {
    errs.push(`${le}.leaseDuration: Invalid value: ${goQuote(formatGoDuration(o.leaderElectRenewDeadline))}: LeaseDuration must be greater than RenewDeadline`);
  }
  // client-go's NewLeaderElector refuses this too (kube-controller-manager then exits).
  if (o.leaderElectRetryPeriod > 0 && o.leaderElectRenewDeadline <= o.leaderElectRetryPeriod * 1.2) errs.push('renewDeadline must be greater than retryPeriod*JitterFactor');
  if (o.loggingFormat !== 'text' && o.loggingFormat !== 'json') errs.push(`format: Invalid value: ${goQuote(o.loggingFormat)}: Unsupported log format`);
  const args = positional.filter((a) => a.length > 0);
  if (args.length > 0) errs.push(`${goQuote(COMMAND_NAME)} does not take any arguments, got [${positional.map(goQuote).join(' ')}]`);
  return errs;
}

/** kube-apiserver's BuiltInAuthenticationOptions.Validate, for the flags skiff has. */
function validateAuthenticationFlags(o: ServerFlags): string[] {
  const errs: string[] = [];
  const seen = new Set<string>();
  for (const issuer of o.serviceAccountIssuer) {
    if (issuer.includes(':') && !URL.canParse(issuer) && !/^[^:/?#]*:/.test(issuer)) {
      errs.push(`service-account-issuer ${goQuote(issuer)} contained a ':' but was not a valid URL`);
      continue;
    }
    if (issuer === '') {
      errs.push('service-account-issuer should not be an empty string');
      continue;
    }
    if (seen.has(issuer)) {
      errs.push(`service-account-issuer ${goQuote(issuer)} is already specified`);
      continue;
    }
    seen.add(issuer);
  }
  const max = o.serviceAccountMaxTokenExpiration;
  if (max !== 0 && (max < 3_600_000 || max > 2 ** 32 * 1000)) errs.push('the service-account-max-token-expiration must be between 1 hour and 2^32 seconds');
  return errs;
}

// ---------------------------------------------------------------------------
// --help

function typeName(spec: FlagSpec): string {
  switch (spec.type) {
    case 'bool':
      return '';
    case 'level':
      return 'Level';
    case 'strings':
      return 'strings';
    case 'mapStringStringNoSplit':
      return 'mapStringString';
    case 'mapStringBool':
      return 'colonSeparatedMultimapStringString';
    default:
      return spec.type;
  }
}

/** The default as pflag prints it, or undefined when it is the zero value (then nothing is printed). */
function defaultText(spec: FlagSpec): string | undefined {
  const d: unknown = spec.default;
  switch (spec.type) {
    case 'bool':
      return d ? 'true' : undefined;
    case 'int':
    case 'level':
      return d === 0 ? undefined : String(d);
    case 'duration':
      return d === 0 ? undefined : formatGoDuration(d as number);
    case 'string':
      return d === '' ? undefined : goQuote(d as string);
    case 'ip':
      return d === '' ? undefined : (d as string);
    case 'strings': {
      const list = d as readonly string[];
      return list.length === 0 ? undefined : `[${list.join(',')}]`;
    }
    case 'mapStringString':
    case 'mapStringStringNoSplit':
    case 'mapStringBool': {
      const entries = Object.entries(d as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
      return entries.length === 0 ? undefined : entries.map(([k, v]) => `${k}=${String(v)}`).join(',');
    }
    case 'portRange': {
      const r = d as PortRange;
      return r.size === 0 ? undefined : `${r.base}-${r.base + r.size - 1}`;
    }
  }
}

function flagUsages(specs: readonly FlagSpec[]): string {
  const rows = [...specs]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((spec) => {
      let left = spec.shorthand ? `  -${spec.shorthand}, --${spec.name}` : `      --${spec.name}`;
      const t = typeName(spec);
      if (t) left += ' ' + t;
      const def = defaultText(spec);
      return { left, right: spec.usage + (def === undefined ? '' : ` (default ${def})`) };
    });
  const width = Math.max(...rows.map((r) => r.left.length));
  // pflag pads to the widest left column and separates with three spaces; a usage's further lines are indented as far.
  const indent = '\n' + ' '.repeat(width + 3);
  return rows.map((r) => `${r.left}${' '.repeat(width - r.left.length)}   ${r.right.replaceAll('\n', indent)}\n`).join('');
}

export function helpText(): string {
  const sections: string[] = [];
  for (const spec of FLAGS) if (!sections.includes(spec.section)) sections.push(spec.section);
  let out =
    'skiff serves the Kubernetes API (kube-apiserver v1.34 semantics) on an embedded\n' +
    'SQLite store or on etcd. It accepts kube-apiserver\'s flag names for what it implements.\n\n' +
    `Usage:\n  ${COMMAND_NAME} [flags]\n  ${COMMAND_NAME} cel eval|check ...   (the CEL playground)\n  ${COMMAND_NAME} snapshot save|restore|status FILE ...   (backups of the store; see skiff snapshot --help)\n\n` +
    'Storage: without --etcd-servers, skiff keeps everything in one SQLite file under\n' +
    '--data-dir: a single process, nothing else to run, durable writes. Choose it for tests,\n' +
    'development, edge and single-node control planes. With --etcd-servers (etcd 3.4+),\n' +
    'several skiff replicas can serve the same data behind a load balancer; each keeps its\n' +
    'own watch cache, and the controllers run on the replica holding the\n' +
    'kube-system/kube-controller-manager Lease. Choose it when one machine is not enough.\n';
  for (const section of sections) {
    const specs = FLAGS.filter((f) => f.section === section);
    out += `\n${section} flags:\n\n${flagUsages(specs)}`;
  }
  return out;
}
