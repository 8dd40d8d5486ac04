// bootstrapsigner: keeps the detached JWS signatures of kube-public/cluster-info's
// kubeconfig current, one "jws-kubeconfig-<token-id>" key per bootstrap token that is
// valid for signing. Upstream: pkg/controller/bootstrap/bootstrapsigner.go and
// k8s.io/cluster-bootstrap/token/jws (ComputeDetachedSignature).

import { createHmac } from 'node:crypto';
import { isStatusError } from '../apimachinery/errors.js';
import { BOOTSTRAP_KEYS, BOOTSTRAP_NAMESPACE, BOOTSTRAP_SECRET_PREFIX, BOOTSTRAP_SECRET_TYPE, bootstrapTokenExpired, secretData } from '../authn/bootstrap.js';
import { matchEverything } from '../registry/filter.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { fieldsEqual, Informer } from './informer.js';
import { WorkQueue } from './queue.js';

export const CLUSTER_INFO_NAMESPACE = 'kube-public';
export const CLUSTER_INFO_NAME = 'cluster-info';
export const KUBECONFIG_KEY = 'kubeconfig';
export const JWS_SIGNATURE_PREFIX = 'jws-kubeconfig-';

/** A compact JWS (HS256, kid = token id) over content, with the payload left out: "header..signature". */
export function detachedSignature(content: string, tokenId: string, tokenSecret: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', kid: tokenId })).toString('base64url');
  const payload = Buffer.from(content).toString('base64url');
  const sig = createHmac('sha256', tokenSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}..${sig}`;
}

export class BootstrapSigner extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly configMaps: Scope;
  private readonly secrets: Scope;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
  ) {
    super();
    const cm = registry.catalog.lookup('', 'v1', 'configmaps')!;
    const secrets = registry.catalog.lookup('', 'v1', 'secrets')!;
    this.configMaps = { served: cm, namespace: CLUSTER_INFO_NAMESPACE };
    this.secrets = { served: secrets, namespace: BOOTSTRAP_NAMESPACE };
    this.informer = new Informer(registry, [cm, secrets], (_type, obj, served) => {
      const ns = obj.metadata.namespace;
      if (served.def.plural === 'configmaps' ? ns === CLUSTER_INFO_NAMESPACE && obj.metadata.name === CLUSTER_INFO_NAME : ns === BOOTSTRAP_NAMESPACE && obj.type === BOOTSTRAP_SECRET_TYPE) {
        this.queue.add('sign');
      }
    }, {
      filter: (r) =>
        r.def.plural === 'configmaps'
          ? fieldsEqual({ 'metadata.namespace': CLUSTER_INFO_NAMESPACE, 'metadata.name': CLUSTER_INFO_NAME })
          : fieldsEqual({ 'metadata.namespace': BOOTSTRAP_NAMESPACE }),
    });
    this.queue = new WorkQueue<string>(
      (k) => k,
      () => this.sign(),
      (_k, e) => this.log.v(2).info('bootstrapsigner retry', { err: String(e) }),
    );
  }

  /** Token id → secret of every bootstrap token usable for signing now. */
  private async signingTokens(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const list = await this.registry.list(this.secrets, { filter: matchEverything });
    const now = Date.now();
    for (const bytes of list.items) {
      const s = JSON.parse(bytes.toString('utf8')) as Obj;
      if (s.type !== BOOTSTRAP_SECRET_TYPE || !String(s.metadata.name).startsWith(BOOTSTRAP_SECRET_PREFIX)) continue;
      const id = secretData(s, BOOTSTRAP_KEYS.tokenId);
      const secret = secretData(s, BOOTSTRAP_KEYS.tokenSecret);
      if (!id || id !== String(s.metadata.name).slice(BOOTSTRAP_SECRET_PREFIX.length) || !secret) continue;
      if (bootstrapTokenExpired(s, now) || secretData(s, BOOTSTRAP_KEYS.usageSigning) !== 'true') continue;
      out.set(id, secret);
    }
    return out;
  }

  private async sign(): Promise<void> {
    let cm: Obj;
    try {
      cm = await this.registry.get(this.configMaps, CLUSTER_INFO_NAME);
    } catch (e) {
      if (isStatusError(e) && e.code === 404) return;
      throw e;
    }
    const content = cm.data?.[KUBECONFIG_KEY];
    if (typeof content !== 'string') return;
    const tokens = await this.signingTokens();
    const data: Record<string, string> = {};
    const old = new Map<string, string>();
    for (const [k, v] of Object.entries(cm.data as Record<string, string>)) {
      if (k.startsWith(JWS_SIGNATURE_PREFIX)) old.set(k.slice(JWS_SIGNATURE_PREFIX.length), v);
      else data[k] = v;
    }
    let changed = false;
    for (const [id, secret] of tokens) {
      const sig = detachedSignature(content, id, secret);
      if (old.get(id) !== sig) changed = true;
      old.delete(id);
      data[JWS_SIGNATURE_PREFIX + id] = sig;
    }
    if (old.size > 0) changed = true;
    if (!changed) return;
    await this.registry.update(this.configMaps, CLUSTER_INFO_NAME, { ...cm, data }, { dryRun: false, fieldManager: 'kube-controller-manager' });
  }
}
