// Bootstrap tokens (--enable-bootstrap-token-auth): "<id>.<secret>" against the
// Secret kube-system/bootstrap-token-<id> of type bootstrap.kubernetes.io/token.
// Upstream: plugin/pkg/auth/authenticator/token/bootstrap/bootstrap.go and
// k8s.io/cluster-bootstrap (token/api, token/util, secret util). A token that does not
// match is unknown (no opinion), never an error, as upstream.

import { timingSafeEqual } from 'node:crypto';
import type { Obj } from '../types/kind.js';
import type { TokenAuthenticator, UserInfo } from './types.js';

export const BOOTSTRAP_NAMESPACE = 'kube-system';
export const BOOTSTRAP_SECRET_PREFIX = 'bootstrap-token-';
export const BOOTSTRAP_SECRET_TYPE = 'bootstrap.kubernetes.io/token';
export const BOOTSTRAP_USER_PREFIX = 'system:bootstrap:';
export const BOOTSTRAP_DEFAULT_GROUP = 'system:bootstrappers';
export const BOOTSTRAP_KEYS = {
  tokenId: 'token-id',
  tokenSecret: 'token-secret',
  expiration: 'expiration',
  usageAuthentication: 'usage-bootstrap-authentication',
  usageSigning: 'usage-bootstrap-signing',
  extraGroups: 'auth-extra-groups',
} as const;

const TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
export const BOOTSTRAP_GROUP_PATTERN = '\\Asystem:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]\\z';
const GROUP_RE = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;

export function parseBootstrapToken(token: string): { id: string; secret: string } | undefined {
  const m = TOKEN_RE.exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : undefined;
}

/** A data key of a bootstrap Secret, decoded. */
export function secretData(secret: Obj, key: string): string {
  const v = secret.data?.[key];
  return typeof v === 'string' ? Buffer.from(v, 'base64').toString('utf8') : '';
}

/** Time left before the token expires (Infinity without expiration); an unparsable expiration counts as expired, as upstream. */
export function bootstrapTokenTtl(secret: Obj, nowMs: number): number {
  const exp = secretData(secret, BOOTSTRAP_KEYS.expiration);
  if (exp === '') return Infinity;
  const t = Date.parse(exp);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(exp) || Number.isNaN(t)) return 0;
  return Math.max(0, t - nowMs);
}

export function bootstrapTokenExpired(secret: Obj, nowMs: number): boolean {
  return bootstrapTokenTtl(secret, nowMs) <= 0;
}

/** system:bootstrappers plus auth-extra-groups, sorted and deduplicated; throws on a bad group name. */
export function bootstrapGroups(secret: Obj): string[] {
  const groups = new Set([BOOTSTRAP_DEFAULT_GROUP]);
  const extra = secretData(secret, BOOTSTRAP_KEYS.extraGroups);
  if (extra !== '') {
    for (const g of extra.split(',')) {
      if (!GROUP_RE.test(g)) throw new Error(`bootstrap group ${JSON.stringify(g)} is invalid (must match ${BOOTSTRAP_GROUP_PATTERN})`);
      groups.add(g);
    }
  }
  return [...groups].sort();
}

export interface BootstrapSecretGetter {
  /** The Secret in kube-system, or undefined when there is none. */
  get(name: string): Promise<Obj | undefined>;
}

export class BootstrapTokenAuthenticator implements TokenAuthenticator {
  constructor(
    private readonly secrets: BootstrapSecretGetter,
    private readonly log: (msg: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async authenticateToken(token: string): Promise<UserInfo | null> {
    const parsed = parseBootstrapToken(token);
    if (!parsed) return null;
    const name = BOOTSTRAP_SECRET_PREFIX + parsed.id;
    const secret = await this.secrets.get(name);
    if (!secret) return null;
    const reject = (why: string) => {
      this.log(`Bootstrap secret ${BOOTSTRAP_NAMESPACE}/${name} ${why}`);
      return null;
    };
    if (secret.metadata?.deletionTimestamp) return reject('is deleted and awaiting removal');
    if (secret.type !== BOOTSTRAP_SECRET_TYPE || !secret.data) return reject(`has invalid type, expected ${BOOTSTRAP_SECRET_TYPE}.`);
    const stored = Buffer.from(secretData(secret, BOOTSTRAP_KEYS.tokenSecret));
    const presented = Buffer.from(parsed.secret);
    if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return reject(`has invalid value for key ${BOOTSTRAP_KEYS.tokenSecret}.`);
    if (secretData(secret, BOOTSTRAP_KEYS.tokenId) !== parsed.id) return reject(`has invalid value for key ${BOOTSTRAP_KEYS.tokenId}.`);
    if (bootstrapTokenExpired(secret, this.now())) return reject('has expired.');
    if (secretData(secret, BOOTSTRAP_KEYS.usageAuthentication) !== 'true') return reject(`not marked ${BOOTSTRAP_KEYS.usageAuthentication}=true.`);
    let groups: string[];
    try {
      groups = bootstrapGroups(secret);
    } catch (e) {
      return reject(`has invalid value for key ${BOOTSTRAP_KEYS.extraGroups}: ${(e as Error).message}.`);
    }
    return { username: BOOTSTRAP_USER_PREFIX + parsed.id, groups };
  }
}
