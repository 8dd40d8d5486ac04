// The tokens controller (kube-controller-manager's serviceaccount-token): fills Secrets
// of type kubernetes.io/service-account-token with a legacy token for their
// service account, the cluster CA and the namespace, and deletes them when the
// account is gone or was re-created. Upstream: pkg/controller/serviceaccount/tokens_controller.go.

import { isStatusError } from '../apimachinery/errors.js';
import { matchEverything } from '../registry/filter.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer } from './informer.js';
import { WorkQueue } from './queue.js';

export const SERVICE_ACCOUNT_TOKEN_TYPE = 'kubernetes.io/service-account-token';
export const SA_NAME_ANNOTATION = 'kubernetes.io/service-account.name';
export const SA_UID_ANNOTATION = 'kubernetes.io/service-account.uid';

export interface LegacyTokenSigner {
  legacyToken(sa: Obj, secretName: string): string;
}

type Item = { kind: 'secret'; namespace: string; name: string } | { kind: 'deletedAccount'; namespace: string; name: string; uid: string };

export class ServiceAccountTokensController extends InformerController<Item> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<Item>;
  private readonly secrets: ServedResource;
  private readonly accounts: ServedResource;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    private readonly signer: LegacyTokenSigner,
    private readonly rootCaPem?: string,
  ) {
    super();
    this.secrets = registry.catalog.lookup('', 'v1', 'secrets')!;
    this.accounts = registry.catalog.lookup('', 'v1', 'serviceaccounts')!;
    this.informer = new Informer(registry, [this.secrets, this.accounts], (type, obj, served) => {
      const { namespace, name, uid } = obj.metadata;
      if (served.def.plural === 'serviceaccounts') {
        if (type === 'DELETED') this.queue.add({ kind: 'deletedAccount', namespace, name, uid });
      } else if (obj.type === SERVICE_ACCOUNT_TOKEN_TYPE && type !== 'DELETED') {
        this.queue.add({ kind: 'secret', namespace, name });
      }
    });
    this.queue = new WorkQueue<Item>(
      (i) => `${i.kind}/${i.namespace}/${i.name}`,
      (i) => (i.kind === 'secret' ? this.syncSecret(i.namespace, i.name) : this.deleteTokens(i.namespace, i.name, i.uid)),
      (i, e) => this.log.v(2).info('serviceaccount-token controller retry', { namespace: i.namespace, name: i.name, err: String(e) }),
    );
  }

  private scope(served: ServedResource, namespace: string): Scope {
    return { served, namespace };
  }

  private async getOrUndefined(served: ServedResource, namespace: string, name: string): Promise<Obj | undefined> {
    try {
      return await this.registry.get(this.scope(served, namespace), name);
    } catch (e) {
      if (isStatusError(e) && e.code === 404) return undefined;
      throw e;
    }
  }

  private async deleteSecret(secret: Obj): Promise<void> {
    try {
      await this.registry.delete(this.scope(this.secrets, secret.metadata.namespace), secret.metadata.name, { dryRun: false, preconditions: { uid: secret.metadata.uid } });
    } catch (e) {
      if (isStatusError(e) && (e.code === 404 || e.code === 409)) return;
      throw e;
    }
  }

  private async syncSecret(namespace: string, name: string): Promise<void> {
    const secret = await this.getOrUndefined(this.secrets, namespace, name);
    if (!secret || secret.type !== SERVICE_ACCOUNT_TOKEN_TYPE || secret.metadata.deletionTimestamp) return;
    const annotations = secret.metadata.annotations ?? {};
    const saName = annotations[SA_NAME_ANNOTATION];
    const saUid = annotations[SA_UID_ANNOTATION];
    const sa = saName ? await this.getOrUndefined(this.accounts, namespace, saName) : undefined;
    if (!sa || (saUid && saUid !== sa.metadata.uid)) {
      // The account is gone (or is a different one now): so is its token.
      await this.deleteSecret(secret);
      return;
    }
    const data: Record<string, string> = secret.data ?? {};
    const caB64 = this.rootCaPem ? Buffer.from(this.rootCaPem).toString('base64') : undefined;
    const needsToken = !data.token;
    const needsNamespace = !data.namespace;
    const needsCa = caB64 !== undefined && data['ca.crt'] !== caB64;
    if (!needsToken && !needsNamespace && !needsCa) return;
    await this.registry.guaranteedUpdate(
      this.scope(this.secrets, namespace),
      name,
      (cur) => {
        if (!cur || cur.metadata.uid !== secret.metadata.uid) throw Object.assign(new Error('secret changed'), { gone: true });
        cur.data ??= {};
        if (!cur.data.token) cur.data.token = Buffer.from(this.signer.legacyToken(sa, name)).toString('base64');
        if (!cur.data.namespace) cur.data.namespace = Buffer.from(namespace).toString('base64');
        if (caB64 !== undefined) cur.data['ca.crt'] = caB64;
        cur.metadata.annotations = { ...(cur.metadata.annotations ?? {}), [SA_UID_ANNOTATION]: sa.metadata.uid };
        return cur;
      },
      { dryRun: false, fieldManager: 'kube-controller-manager' },
    ).catch((e) => {
      if ((e as { gone?: boolean }).gone || (isStatusError(e) && e.code === 404)) return;
      throw e;
    });
  }

  /** The account was deleted: delete the token Secrets that name it. */
  private async deleteTokens(namespace: string, saName: string, saUid: string): Promise<void> {
    const list = await this.registry.list(this.scope(this.secrets, namespace), { filter: matchEverything });
    for (const bytes of list.items) {
      const secret = JSON.parse(bytes.toString('utf8')) as Obj;
      if (secret.type !== SERVICE_ACCOUNT_TOKEN_TYPE) continue;
      const a = secret.metadata.annotations ?? {};
      if (a[SA_NAME_ANNOTATION] !== saName) continue;
      if (a[SA_UID_ANNOTATION] && a[SA_UID_ANNOTATION] !== saUid) continue;
      await this.deleteSecret(secret);
    }
  }
}
