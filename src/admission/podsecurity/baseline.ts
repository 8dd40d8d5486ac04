// The baseline checks of the Pod Security Standards, v1.34 (k8s.io/pod-security-admission
// policy/check_{windowsHostProcess,hostNamespaces,privileged,capabilities_baseline,
// hostPathVolumes,hostPorts,appArmorProfile,seLinuxOptions,procMount,seccompProfile_baseline,
// sysctls,hostProbesAndhostLifecycle}.go): reasons and details word for word.

import { goQuote } from '../../apimachinery/validation.js';
import type { Obj } from '../../types/kind.js';
import {
  ALLOWED,
  containerName,
  containerSecurityContext,
  containersPhrase,
  forbidden,
  joinQuote,
  pluralize,
  podSecurityContext,
  relaxForUserNamespace,
  sortedSet,
  stringList,
  visitContainers,
  type Check,
  type CheckPodFn,
  type CheckResult,
} from './check.js';

export const CAPABILITIES_BASELINE = 'capabilities_baseline';
export const HOST_PATH_VOLUMES = 'hostPathVolumes';
export const SECCOMP_BASELINE = 'seccompProfile_baseline';

/** "pod and containers "a", "b"": who set a forbidden value. */
function setters(pod: boolean, containers: string[]): string[] {
  const out = pod ? ['pod'] : [];
  if (containers.length) out.push(containersPhrase(containers));
  return out;
}

const windowsHostProcess: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (containerSecurityContext(c)?.windowsOptions?.hostProcess === true) bad.push(containerName(c));
  });
  const pod = podSecurityContext(spec)?.windowsOptions?.hostProcess === true;
  const who = setters(pod, bad);
  return who.length ? forbidden('hostProcess', `${who.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`) : ALLOWED;
};

const hostNamespaces: CheckPodFn = (_meta, spec) => {
  const set: string[] = [];
  if (spec.hostNetwork === true) set.push('hostNetwork=true');
  if (spec.hostPID === true) set.push('hostPID=true');
  if (spec.hostIPC === true) set.push('hostIPC=true');
  return set.length ? forbidden('host namespaces', set.join(', ')) : ALLOWED;
};

const privileged: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (containerSecurityContext(c)?.privileged === true) bad.push(containerName(c));
  });
  return bad.length ? forbidden('privileged', `${containersPhrase(bad)} must not set securityContext.privileged=true`) : ALLOWED;
};

const DEFAULT_CAPABILITIES = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);

const capabilitiesBaseline: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  const caps: string[] = [];
  visitContainers(spec, (c) => {
    const add = stringList(containerSecurityContext(c)?.capabilities?.add);
    const extra = add.filter((x) => !DEFAULT_CAPABILITIES.has(x));
    if (extra.length) {
      bad.push(containerName(c));
      caps.push(...extra);
    }
  });
  return bad.length
    ? forbidden('non-default capabilities', `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`)
    : ALLOWED;
};

const hostPathVolumes: CheckPodFn = (_meta, spec) => {
  const vols = (Array.isArray(spec.volumes) ? (spec.volumes as Obj[]) : []).filter((v) => v?.hostPath != null).map((v) => String(v.name ?? ''));
  return vols.length ? forbidden('hostPath volumes', `${pluralize('volume', 'volumes', vols.length)} ${joinQuote(vols)}`) : ALLOWED;
};

const hostPorts: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  const ports: string[] = [];
  visitContainers(spec, (c) => {
    let valid = true;
    for (const p of Array.isArray(c.ports) ? (c.ports as Obj[]) : []) {
      const hp = p?.hostPort;
      if (hp != null && hp !== 0) {
        valid = false;
        ports.push(String(hp));
      }
    }
    if (!valid) bad.push(containerName(c));
  });
  if (!bad.length) return ALLOWED;
  const list = sortedSet(ports);
  return forbidden('hostPort', `${containersPhrase(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', list.length)} ${list.join(', ')}`);
};

const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

const appArmorProfile: CheckPodFn = (meta, spec) => {
  const allowedType = (t: unknown) => t === 'RuntimeDefault' || t === 'Localhost';
  const allowedAnnotation = (v: string) => v === '' || v === 'runtime/default' || v.startsWith('localhost/');
  const who: string[] = [];
  const badValues: string[] = [];
  const podProfile = podSecurityContext(spec)?.appArmorProfile;
  if (podProfile && !allowedType(podProfile.type)) {
    who.push('pod');
    badValues.push(String(podProfile.type ?? ''));
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const p = containerSecurityContext(c)?.appArmorProfile;
    if (p && !allowedType(p.type)) {
      bad.push(containerName(c));
      badValues.push(String(p.type ?? ''));
    }
  });
  if (bad.length) who.push(containersPhrase(bad));
  const annotations: string[] = [];
  for (const [k, v] of Object.entries((meta.annotations ?? {}) as Record<string, string>)) {
    if (k.startsWith(APPARMOR_ANNOTATION_PREFIX) && !allowedAnnotation(String(v))) annotations.push(`${k}=${goQuote(String(v))}`);
  }
  const values = sortedSet(badValues);
  if (annotations.length) {
    values.push(...sortedSet(annotations));
    who.push(pluralize('annotation', 'annotations', annotations.length));
  }
  if (!who.length) return ALLOWED;
  return forbidden(
    pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', values.length),
    `${who.join(' and ')} must not set AppArmor profile type to ${joinQuote(values)}`,
  );
};

function seLinuxOptions(allowedTypes: ReadonlySet<string>): CheckPodFn {
  return (_meta, spec) => {
    const badTypes: string[] = [];
    let setUser = false;
    let setRole = false;
    const valid = (o: Obj): boolean => {
      let ok = true;
      const type = typeof o.type === 'string' ? o.type : '';
      if (!allowedTypes.has(type)) {
        ok = false;
        badTypes.push(type);
      }
      if (typeof o.user === 'string' && o.user.length > 0) {
        ok = false;
        setUser = true;
      }
      if (typeof o.role === 'string' && o.role.length > 0) {
        ok = false;
        setRole = true;
      }
      return ok;
    };
    const podOpts = podSecurityContext(spec)?.seLinuxOptions;
    const pod = podOpts && typeof podOpts === 'object' ? !valid(podOpts) : false;
    const bad: string[] = [];
    visitContainers(spec, (c) => {
      const o = containerSecurityContext(c)?.seLinuxOptions;
      if (o && typeof o === 'object' && !valid(o)) bad.push(containerName(c));
    });
    const who = setters(pod, bad);
    if (!who.length) return ALLOWED;
    const data: string[] = [];
    const types = sortedSet(badTypes);
    if (types.length) data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) data.push('user may not be set');
    if (setRole) data.push('role may not be set');
    return forbidden('seLinuxOptions', `${who.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`);
  };
}

const SELINUX_TYPES_1_0 = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);
const SELINUX_TYPES_1_31 = new Set([...SELINUX_TYPES_1_0, 'container_engine_t']);

const procMount: CheckPodFn = (_meta, spec, opts) => {
  if (relaxForUserNamespace(spec, opts)) return ALLOWED;
  const bad: string[] = [];
  const types: string[] = [];
  visitContainers(spec, (c) => {
    const pm = containerSecurityContext(c)?.procMount;
    if (pm == null) return;
    if (pm !== 'Default') {
      bad.push(containerName(c));
      types.push(String(pm));
    }
  });
  return bad.length ? forbidden('procMount', `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`) : ALLOWED;
};

export function validSeccompType(t: unknown): boolean {
  return t === 'Localhost' || t === 'RuntimeDefault';
}

const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

/** Before v1.19 seccomp was set by annotations. */
const seccompProfileBaseline_1_0: CheckPodFn = (meta, spec) => {
  const annotations = (meta.annotations ?? {}) as Record<string, string>;
  const valid = (v: string) => v === 'runtime/default' || v === 'docker/default' || v.startsWith('localhost/');
  const bad: string[] = [];
  const check = (key: string) => {
    if (Object.hasOwn(annotations, key) && !valid(String(annotations[key]))) bad.push(`${key}=${goQuote(String(annotations[key]))}`);
  };
  check(SECCOMP_POD_ANNOTATION);
  visitContainers(spec, (c) => check(SECCOMP_CONTAINER_ANNOTATION_PREFIX + containerName(c)));
  const list = sortedSet(bad);
  return list.length ? forbidden('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`) : ALLOWED;
};

const seccompProfileBaseline_1_19: CheckPodFn = (_meta, spec) => {
  const badValues: string[] = [];
  const podProfile = podSecurityContext(spec)?.seccompProfile;
  let pod = false;
  if (podProfile && typeof podProfile === 'object' && !validSeccompType(podProfile.type)) {
    pod = true;
    badValues.push(String(podProfile.type ?? ''));
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const p = containerSecurityContext(c)?.seccompProfile;
    if (p && typeof p === 'object' && !validSeccompType(p.type)) {
      bad.push(containerName(c));
      badValues.push(String(p.type ?? ''));
    }
  });
  const who = setters(pod, bad);
  return who.length ? forbidden('seccompProfile', `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`) : ALLOWED;
};

const SYSCTLS_1_0 = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start'];
const SYSCTLS_1_27 = [...SYSCTLS_1_0, 'net.ipv4.ip_local_reserved_ports'];
const SYSCTLS_1_29 = [...SYSCTLS_1_27, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const SYSCTLS_1_32 = [...SYSCTLS_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctls(allowedNames: readonly string[]): CheckPodFn {
  const allowed = new Set(allowedNames);
  return (_meta, spec) => {
    const list = podSecurityContext(spec)?.sysctls;
    const bad = (Array.isArray(list) ? (list as Obj[]) : []).map((s) => String(s?.name ?? '')).filter((n) => !allowed.has(n));
    return bad.length ? forbidden('forbidden sysctls', bad.join(', ')) : ALLOWED;
  };
}

function handlerHosts(h: unknown): string[] {
  if (!h || typeof h !== 'object') return [];
  const o = h as Obj;
  const out: string[] = [];
  if (o.httpGet && typeof o.httpGet.host === 'string' && o.httpGet.host !== '') out.push(o.httpGet.host);
  if (o.tcpSocket && typeof o.tcpSocket.host === 'string' && o.tcpSocket.host !== '') out.push(o.tcpSocket.host);
  return out;
}

const hostProbesAndHostLifecycle: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  const hosts: string[] = [];
  visitContainers(spec, (c) => {
    const found = [
      ...handlerHosts(c.livenessProbe),
      ...handlerHosts(c.readinessProbe),
      ...handlerHosts(c.startupProbe),
      ...handlerHosts(c.lifecycle?.postStart),
      ...handlerHosts(c.lifecycle?.preStop),
    ];
    if (found.length) {
      bad.push(containerName(c));
      hosts.push(...found);
    }
  });
  if (!bad.length) return ALLOWED;
  const names = sortedSet(bad);
  const list = sortedSet(hosts);
  return forbidden(
    'probe or lifecycle host',
    `${containersPhrase(names)} ${pluralize('uses', 'use', names.length)} ${pluralize('probe or lifecycle host', 'probe or lifecycle hosts', list.length)} ${joinQuote(list)}`,
  );
};

export const BASELINE_CHECKS: readonly Check[] = [
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: windowsHostProcess }] },
  { id: 'hostNamespaces', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostNamespaces }] },
  { id: 'privileged', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: privileged }] },
  { id: CAPABILITIES_BASELINE, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: capabilitiesBaseline }] },
  { id: HOST_PATH_VOLUMES, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostPathVolumes }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostPorts }] },
  { id: 'appArmorProfile', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: appArmorProfile }] },
  {
    id: 'seLinuxOptions',
    level: 'baseline',
    versions: [
      { minimumVersion: 0, checkPod: seLinuxOptions(SELINUX_TYPES_1_0) },
      { minimumVersion: 31, checkPod: seLinuxOptions(SELINUX_TYPES_1_31) },
    ],
  },
  { id: 'procMount', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: procMount }] },
  {
    id: SECCOMP_BASELINE,
    level: 'baseline',
    versions: [
      { minimumVersion: 0, checkPod: seccompProfileBaseline_1_0 },
      { minimumVersion: 19, checkPod: seccompProfileBaseline_1_19 },
    ],
  },
  {
    id: 'sysctls',
    level: 'baseline',
    versions: [
      { minimumVersion: 0, checkPod: sysctls(SYSCTLS_1_0) },
      { minimumVersion: 27, checkPod: sysctls(SYSCTLS_1_27) },
      { minimumVersion: 29, checkPod: sysctls(SYSCTLS_1_29) },
      { minimumVersion: 32, checkPod: sysctls(SYSCTLS_1_32) },
    ],
  },
  { id: 'hostProbesAndHostLifecycle', level: 'baseline', versions: [{ minimumVersion: 34, checkPod: hostProbesAndHostLifecycle }] },
];

export type { CheckResult };
