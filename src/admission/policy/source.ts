// The policies and bindings admission evaluates, kept from the registry's watch (upstream's
// policy source, policy/generic/policy_source.go): each policy compiled once per
// generation, its paramKind resolved when used, and the bindings grouped by the policy they
// name (a binding naming no existing policy is ignored).

import { Informer } from '../../controllers/informer.js';
import { admissionForbidden } from '../errors.js';
import type { Attributes } from '../types.js';
import type { Registry } from '../../registry/registry.js';
import type { ServedResource } from '../../types/catalog.js';
import type { Obj } from '../../types/kind.js';
import { compilePolicy, type CompiledPolicy } from './compile.js';
import { paramResource } from './params.js';
import { waitAtMost } from '../../util/wait-at-most.js';

export const ADMISSIONREGISTRATION = 'admissionregistration.k8s.io';

/** One policy with its bindings, ready for dispatch. */
export interface PolicyHook<C = CompiledPolicy> {
  policy: Obj;
  compiled: C;
  bindings: Obj[];
  /** The paramKind's resource, when the policy has one and it exists. */
  paramKind?: ServedResource;
  /** Why the policy cannot be evaluated (an unknown paramKind). */
  configurationError?: string;
}

/** The 403 of a policy plugin whose policies have not been listed yet (policy/generic/plugin.go Dispatch). */
export const NOT_READY = 'not yet ready to handle request';

/** admission.Handler's timeToWaitForReady (pkg/admission/handler.go). */
const TIME_TO_WAIT_FOR_READY_MS = 10_000;

interface PolicyEntry<C> {
  policy: Obj;
  compiled?: C;
}

/** Which kinds a source watches, at the first of `versions` the server serves, and how it compiles a policy. */
export interface PolicyKinds<C> {
  policy: string;
  binding: string;
  versions: readonly string[];
  compile(policy: Obj): C;
}

export const VALIDATING_POLICY_KINDS: PolicyKinds<CompiledPolicy> = {
  policy: 'ValidatingAdmissionPolicy',
  binding: 'ValidatingAdmissionPolicyBinding',
  versions: ['v1'],
  compile: compilePolicy,
};

export class PolicySource<C = CompiledPolicy> {
  private readonly policies = new Map<string, PolicyEntry<C>>();
  private readonly bindings = new Map<string, Obj>();
  private informer: Informer | undefined;
  private synced = false;
  private markSynced!: () => void;
  private readonly syncedOnce = new Promise<void>((resolve) => (this.markSynced = resolve));

  constructor(
    private readonly registry: Registry,
    private readonly kinds: PolicyKinds<C>,
  ) {}

  /**
   * admission.Handler's WaitForReady: whether the first list of policies and bindings has
   * arrived, waiting for it up to 10 s. The server listens before its post-start hooks
   * start admission, so a request may come before the source is filled; evaluating it
   * against no policies would let it past every policy.
   */
  async waitForReady(timeoutMs = TIME_TO_WAIT_FOR_READY_MS): Promise<boolean> {
    if (this.synced) return true;
    await waitAtMost(this.syncedOnce, timeoutMs);
    return this.synced;
  }
  /** The hooks to dispatch: at once when the source is filled, else after waitForReady, or upstream's 403. */
  readyHooks(a: Attributes): PolicyHook<C>[] | Promise<PolicyHook<C>[]> {
    if (this.synced) return this.hooks();
    return this.waitForReady().then((ready) => {
      if (!ready) throw admissionForbidden(a, NOT_READY);
      return this.hooks();
    });
  }


  /** Whether the server serves the policy kind at all (a plugin whose API is off does nothing). */
  get served(): boolean {
    return this.kinds.versions.some((v) => this.registry.catalog.byKind(`${ADMISSIONREGISTRATION}/${v}`, this.kinds.policy));
  }

  async start(): Promise<void> {
    const resources: ServedResource[] = [];
    for (const kind of [this.kinds.policy, this.kinds.binding]) {
      const version = this.kinds.versions.find((v) => this.registry.catalog.byKind(`${ADMISSIONREGISTRATION}/${v}`, kind));
      const served = version ? this.registry.catalog.byKind(`${ADMISSIONREGISTRATION}/${version}`, kind) : undefined;
      if (served) resources.push(served);
    }
    this.informer = new Informer(this.registry, resources, (type, obj) => this.observe(type, obj));
    await this.informer.start();
    this.synced = true;
    this.markSynced();
  }

  stop(): void {
    this.informer?.stop();
  }

  private observe(type: string, obj: Obj): void {
    const name = obj.metadata?.name as string;
    const isPolicy = obj.kind === this.kinds.policy;
    if (type === 'DELETED') {
      if (isPolicy) this.policies.delete(name);
      else this.bindings.delete(name);
      return;
    }
    if (isPolicy) {
      const old = this.policies.get(name);
      // A status write (type checking) keeps the generation: keep the compiled form.
      if (old && old.policy.metadata?.generation === obj.metadata?.generation && old.policy.metadata?.uid === obj.metadata?.uid) old.policy = obj;
      else this.policies.set(name, { policy: obj });
    } else {
      this.bindings.set(name, obj);
    }
  }

  /** The policies that have at least one binding, in name order (upstream sorts hooks too). */
  hooks(): PolicyHook<C>[] {
    const byPolicy = new Map<string, Obj[]>();
    for (const b of this.bindings.values()) {
      const policyName = (b.spec as Obj | undefined)?.policyName as string | undefined;
      if (!policyName || !this.policies.has(policyName)) continue;
      let list = byPolicy.get(policyName);
      if (!list) byPolicy.set(policyName, (list = []));
      list.push(b);
    }
    const out: PolicyHook<C>[] = [];
    for (const name of [...byPolicy.keys()].sort()) {
      const entry = this.policies.get(name)!;
      entry.compiled ??= this.kinds.compile(entry.policy);
      const hook: PolicyHook<C> = {
        policy: entry.policy,
        compiled: entry.compiled,
        bindings: byPolicy.get(name)!.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1)),
      };
      const pk = (entry.policy.spec as Obj | undefined)?.paramKind as { apiVersion?: string; kind?: string } | undefined;
      if (pk) {
        try {
          hook.paramKind = paramResource(this.registry.catalog, pk);
        } catch (e) {
          hook.configurationError = (e as Error).message;
        }
      }
      out.push(hook);
    }
    return out;
  }
}
