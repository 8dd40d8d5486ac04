// The upstream control-plane components (kube-controller-manager and kube-scheduler v1.32
// from ../shared/kube) started against a server the way kubeadm starts them: each with its
// own client certificate and kubeconfig (also used for delegated authentication and
// authorization of its own secure port), the controller manager with per-controller
// service-account credentials, leader election on. Plus a stand-in kubelet that keeps one
// Node Ready through its Lease and status heartbeats and runs the pods bound to it.
// `controlPlaneMissing()` names why the components cannot run, so tests skip cleanly.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { issueCertificate, type Pki } from '../../src/cli/pki.js';
import { writeKubeconfig } from '../../src/cli/kubeconfig.js';
import { awaitStderrLine, onFreshPort } from './ports.js';

const UNPACK = '/work/shared/kube/unpack.sh';

export function controlPlaneMissing(): string | false {
  return existsSync(UNPACK) ? false : 'needs ../shared/kube (upstream kube-controller-manager and kube-scheduler)';
}

function binary(name: 'kube-controller-manager' | 'kube-scheduler'): string {
  return join(execFileSync(UNPACK, { encoding: 'utf8' }).trim(), name);
}

/** A running component and everything it wrote to stderr (klog writes there). */
export interface Component {
  readonly name: string;
  readonly port: number;
  /** All log lines so far. */
  lines(): string[];
  stop(): Promise<void>;
}

/**
 * Starts a component on `--secure-port` and resolves once it serves there ("Serving securely
 * on", as k8s.io/apiserver secure_serving.go logs it); a port taken meanwhile: a new one.
 */
function run(name: string, bin: string, args: string[]): Promise<Component> {
  return onFreshPort(async (port) => {
    const proc: ChildProcess = spawn(bin, [...args, `--secure-port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    const lines: string[] = [];
    let partial = '';
    proc.stderr?.on('data', (c: Buffer) => {
      const parts = (partial + c.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
    });
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const component: Component = {
      name,
      port,
      lines: () => (partial ? [...lines, partial] : [...lines]),
      async stop() {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        proc.kill('SIGTERM');
        const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      },
    };
    try {
      await awaitStderrLine(proc, new RegExp(`Serving securely on 127\\.0\\.0\\.1:${port}\\b`), name);
    } catch (e) {
      await component.stop();
      throw e;
    }
    return component;
  });
}

/** A kubeconfig at dir/<file> for a client certificate issued by the server's CA. */
export async function componentKubeconfig(pki: Pki, server: string, dir: string, file: string, commonName: string, organizations?: string[]): Promise<string> {
  const cert = await issueCertificate(pki.ca, { commonName, organizations, usages: ['clientAuth'] });
  const path = join(dir, file);
  await writeKubeconfig(path, { server, caPem: pki.ca.certPem, clientCertPem: cert.certPem, clientKeyPem: cert.keyPem });
  return path;
}

export interface ControllerManagerOptions {
  /** --controllers (default kube-controller-manager's default set, '*'). */
  controllers?: string[];
  /** The CA of the authenticating (front) proxy, as the server was given it (default the cluster CA). */
  requestheaderClientCaFile?: string;
  extraArgs?: string[];
}

/**
 * kube-controller-manager with kubeadm's flags: --use-service-account-credentials, the
 * server's service-account signing key for legacy tokens, its CA as root CA and as the
 * signer of kubernetes.io/* CSRs, node CIDR allocation, leader election.
 */
export async function startKubeControllerManager(pki: Pki, server: string, dir: string, opts: ControllerManagerOptions = {}): Promise<Component> {
  const kubeconfig = await componentKubeconfig(pki, server, dir, 'controller-manager.conf', 'system:kube-controller-manager');
  return run('kube-controller-manager', binary('kube-controller-manager'), [
    `--kubeconfig=${kubeconfig}`,
    `--authentication-kubeconfig=${kubeconfig}`,
    `--authorization-kubeconfig=${kubeconfig}`,
    `--client-ca-file=${pki.ca.certPath}`,
    `--requestheader-client-ca-file=${opts.requestheaderClientCaFile ?? pki.ca.certPath}`,
    `--root-ca-file=${pki.ca.certPath}`,
    `--service-account-private-key-file=${pki.serviceAccount.privateKeyPath}`,
    `--cluster-signing-cert-file=${pki.ca.certPath}`,
    `--cluster-signing-key-file=${pki.ca.keyPath}`,
    '--use-service-account-credentials=true',
    `--controllers=${(opts.controllers ?? ['*']).join(',')}`,
    '--leader-elect=true',
    '--allocate-node-cidrs=true',
    '--cluster-cidr=10.244.0.0/16',
    '--cluster-name=kubernetes',
    '--bind-address=127.0.0.1',
    ...(opts.extraArgs ?? []),
  ]);
}

/** kube-scheduler with kubeadm's flags: its own kubeconfig for the API and for delegated authn/authz. */
export async function startKubeScheduler(pki: Pki, server: string, dir: string, extraArgs: string[] = []): Promise<Component> {
  const kubeconfig = await componentKubeconfig(pki, server, dir, 'scheduler.conf', 'system:kube-scheduler');
  return run('kube-scheduler', binary('kube-scheduler'), [
    `--kubeconfig=${kubeconfig}`,
    `--authentication-kubeconfig=${kubeconfig}`,
    `--authorization-kubeconfig=${kubeconfig}`,
    '--leader-elect=true',
    '--bind-address=127.0.0.1',
    ...extraArgs,
  ]);
}

/** What the stand-in kubelet needs: an authenticated JSON client of the API server. */
export interface ApiClient {
  request(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; text: string; json(): any }>;
}

/** Label on a pod template: the stand-in kubelet runs such pods to completion (phase Succeeded). */
export const EXIT_ZERO_LABEL = 'test.skiff.dev/exit-zero';

const microTime = (d = new Date()) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
const time = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * One Node kept Ready as a kubelet keeps it: the Lease in kube-node-lease renewed every few
 * seconds, the Ready condition's heartbeat refreshed, and the pods bound to it started
 * (Running and Ready, with a pod IP) or, with EXIT_ZERO_LABEL, completed.
 */
export class StandInKubelet {
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private podIps = 0;
  /** Requests that did not answer 2xx (a kubelet would log them). */
  readonly failures: string[] = [];

  constructor(private readonly api: ApiClient, readonly nodeName: string) {}

  async start(): Promise<void> {
    const node = await this.api.request('POST', '/api/v1/nodes', {
      body: {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: this.nodeName, labels: { 'kubernetes.io/hostname': this.nodeName, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64' } },
      },
    });
    if (node.status !== 201) throw new Error(`creating node: ${node.status} ${node.text}`);
    const uid = node.json().metadata.uid;
    const lease = await this.api.request('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', {
      body: {
        metadata: { name: this.nodeName, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.nodeName, uid }] },
        spec: { holderIdentity: this.nodeName, leaseDurationSeconds: 40, renewTime: microTime() },
      },
    });
    if (lease.status !== 201) throw new Error(`creating lease: ${lease.status} ${lease.text}`);
    await this.heartbeat();
    this.every(5_000, () => this.renewLease());
    this.every(10_000, () => this.heartbeat());
    this.every(1_000, () => this.syncPods());
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
  }

  private every(ms: number, fn: () => Promise<void>): void {
    let busy = false;
    this.timers.push(
      setInterval(() => {
        if (busy || this.stopped) return;
        busy = true;
        fn()
          .catch((e) => this.failures.push(String(e)))
          .finally(() => (busy = false));
      }, ms),
    );
  }

  private async call(method: string, path: string, body: unknown, contentType = 'application/merge-patch+json'): Promise<any> {
    const r = await this.api.request(method, path, { body, headers: { 'content-type': contentType } });
    // 404/409: the object went away or changed under us; the next round retries.
    if (r.status >= 300 && r.status !== 404 && r.status !== 409) this.failures.push(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
    return r.status < 300 ? r.json() : undefined;
  }

  private renewLease(): Promise<void> {
    return this.call('PATCH', `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${this.nodeName}`, { spec: { renewTime: microTime() } });
  }

  private async heartbeat(): Promise<void> {
    const now = time();
    const condition = (type: string, status: string, reason: string) => ({ type, status, reason, message: reason, lastHeartbeatTime: now, lastTransitionTime: now });
    const resources = { cpu: '8', memory: '16Gi', pods: '110', 'ephemeral-storage': '100Gi' };
    await this.call('PATCH', `/api/v1/nodes/${this.nodeName}/status`, {
      status: {
        capacity: resources,
        allocatable: resources,
        conditions: [
          condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory'),
          condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure'),
          condition('PIDPressure', 'False', 'KubeletHasSufficientPID'),
          condition('Ready', 'True', 'KubeletReady'),
        ],
        addresses: [
          { type: 'InternalIP', address: '127.0.0.1' },
          { type: 'Hostname', address: this.nodeName },
        ],
        nodeInfo: {
          machineID: 'stand-in', systemUUID: 'stand-in', bootID: 'stand-in', kernelVersion: '6.1.0', osImage: 'Debian', containerRuntimeVersion: 'containerd://1.7.0',
          kubeletVersion: 'v1.32.0', kubeProxyVersion: '', operatingSystem: 'linux', architecture: 'amd64',
        },
      },
    }, 'application/strategic-merge-patch+json');
  }

  private async syncPods(): Promise<void> {
    const list = await this.call('GET', `/api/v1/pods?fieldSelector=${encodeURIComponent(`spec.nodeName=${this.nodeName}`)}`, undefined);
    for (const pod of list?.items ?? []) {
      if (pod.metadata.deletionTimestamp) {
        // The kubelet confirms a graceful deletion once the containers stopped.
        await this.call('DELETE', `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}`, { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0, preconditions: { uid: pod.metadata.uid } }, 'application/json');
        continue;
      }
      const phase = pod.status?.phase;
      if (phase && phase !== 'Pending') continue;
      const now = time();
      const completes = pod.metadata.labels?.[EXIT_ZERO_LABEL] === 'true';
      const ready = completes ? 'False' : 'True';
      const ip = `10.244.0.${(this.podIps++ % 250) + 2}`;
      const containerStatuses = (pod.spec.containers ?? []).map((c: any) => ({
        name: c.name,
        image: c.image,
        imageID: '',
        containerID: `containerd://${pod.metadata.uid}-${c.name}`,
        ready: !completes,
        started: !completes,
        restartCount: 0,
        state: completes ? { terminated: { exitCode: 0, reason: 'Completed', startedAt: now, finishedAt: now } } : { running: { startedAt: now } },
      }));
      await this.call('PATCH', `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}/status`, {
        status: {
          phase: completes ? 'Succeeded' : 'Running',
          hostIP: '127.0.0.1',
          hostIPs: [{ ip: '127.0.0.1' }],
          podIP: ip,
          podIPs: [{ ip }],
          startTime: now,
          conditions: [
            { type: 'PodReadyToStartContainers', status: 'True', lastTransitionTime: now },
            { type: 'Initialized', status: 'True', lastTransitionTime: now },
            { type: 'Ready', status: ready, lastTransitionTime: now },
            { type: 'ContainersReady', status: ready, lastTransitionTime: now },
            { type: 'PodScheduled', status: 'True', lastTransitionTime: now },
          ],
          containerStatuses,
        },
      }, 'application/strategic-merge-patch+json');
    }
  }
}

/**
 * klog error lines and messages a component logs when the API server answers
 * something kube-apiserver would not. Matched per line.
 */
export const LOG_ERROR_PATTERNS: readonly RegExp[] = [
  /^E\d{4} /,
  /Failed to /,
  /forbidden/i,
  /the server could not find/,
  /unknown format/,
  /initial-events-list-blueprint/,
  // A status code, not digits of a duration such as duration="118.422µs".
  /(?<![.\d])\b415\b(?![.\dµm])/,
  /(?<![.\d])\b422\b(?![.\dµm])/,
];

export interface AllowedLogLine {
  pattern: RegExp;
  /** Why kube-apiserver causes it too (or why it is not the server's doing). */
  why: string;
}

/** The lines matching an error pattern and no allow-list entry. */
export function unexpectedErrorLines(lines: readonly string[], allow: readonly AllowedLogLine[]): string[] {
  return lines.filter((l) => LOG_ERROR_PATTERNS.some((p) => p.test(l)) && !allow.some((a) => a.pattern.test(l)));
}
