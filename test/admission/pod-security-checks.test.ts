// Every check of the Pod Security Standards v1.34 with a pod that passes and one that fails,
// and the texts upstream gives (k8s.io/pod-security-admission policy/check_*.go and their
// _test.go files); the version table (policy/registry.go) and the order of the reasons.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CHECKS, Evaluator, forbiddenDetail } from '../../src/admission/podsecurity/evaluator.js';
import { LATEST, type Level } from '../../src/admission/podsecurity/policy.js';
import type { Obj } from '../../src/types/kind.js';

const evaluator = new Evaluator(DEFAULT_CHECKS, { relaxForUserNamespacePods: false });
const run = (level: Level, spec: Obj, meta: Obj = {}, version = LATEST) => evaluator.evaluate({ level, version }, meta, spec);

/** A pod that meets restricted:latest; each row breaks one rule of it. */
function restrictedPod(): Obj {
  const sc = () => ({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
  return {
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
    initContainers: [{ name: 'init', image: 'busybox', securityContext: sc() }],
    containers: [
      { name: 'a', image: 'nginx', securityContext: sc() },
      { name: 'b', image: 'nginx', securityContext: sc() },
    ],
  };
}

interface Row {
  check: string;
  level: 'baseline' | 'restricted';
  /** Still allowed after this change. */
  pass?: (spec: Obj, meta: Obj) => void;
  fail: (spec: Obj, meta: Obj) => void;
  reason: string;
  detail: string;
  /** The reason at restricted when a restricted check replaces this baseline one. */
  restricted?: { reason: string; detail: string };
}

const c = (spec: Obj, i: number): Obj => (i < 0 ? spec.initContainers[0] : spec.containers[i]);

const ROWS: Row[] = [
  {
    check: 'windowsHostProcess',
    level: 'baseline',
    pass: (s) => (s.securityContext.windowsOptions = { hostProcess: false }),
    fail: (s) => {
      s.securityContext.windowsOptions = { hostProcess: true };
      c(s, 1).securityContext.windowsOptions = { hostProcess: true };
    },
    reason: 'hostProcess',
    detail: 'pod and container "b" must not set securityContext.windowsOptions.hostProcess=true',
  },
  {
    check: 'hostNamespaces',
    level: 'baseline',
    pass: (s) => (s.hostNetwork = false),
    fail: (s) => Object.assign(s, { hostNetwork: true, hostPID: true, hostIPC: true }),
    reason: 'host namespaces',
    detail: 'hostNetwork=true, hostPID=true, hostIPC=true',
  },
  {
    check: 'privileged',
    level: 'baseline',
    pass: (s) => (c(s, 0).securityContext.privileged = false),
    fail: (s) => {
      c(s, -1).securityContext.privileged = true;
      c(s, 1).securityContext.privileged = true;
    },
    reason: 'privileged',
    detail: 'containers "init", "b" must not set securityContext.privileged=true',
  },
  {
    check: 'capabilities_baseline',
    level: 'baseline',
    pass: (s) => (c(s, 0).securityContext.capabilities.add = ['NET_BIND_SERVICE']),
    fail: (s) => (c(s, 0).securityContext.capabilities.add = ['SYS_ADMIN', 'NET_RAW', 'CHOWN']),
    reason: 'non-default capabilities',
    detail: 'container "a" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add',
    restricted: { reason: 'unrestricted capabilities', detail: 'container "a" must not include "CHOWN", "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add' },
  },
  {
    check: 'hostPathVolumes',
    level: 'baseline',
    pass: (s) => (s.volumes = [{ name: 'e', emptyDir: {} }]),
    fail: (s) => (s.volumes = [{ name: 'h1', hostPath: { path: '/' } }, { name: 'e', emptyDir: {} }, { name: 'h2', hostPath: { path: '/etc' } }]),
    reason: 'hostPath volumes',
    detail: 'volumes "h1", "h2"',
    restricted: { reason: 'restricted volume types', detail: 'volumes "h1", "h2" use restricted volume type "hostPath"' },
  },
  {
    check: 'hostPorts',
    level: 'baseline',
    pass: (s) => (c(s, 0).ports = [{ containerPort: 80, hostPort: 0 }]),
    fail: (s) => {
      c(s, 0).ports = [{ containerPort: 80, hostPort: 80 }, { containerPort: 9000, hostPort: 9000 }];
      c(s, 1).ports = [{ containerPort: 443, hostPort: 443 }];
    },
    reason: 'hostPort',
    // sorted as strings, as upstream's sets.String
    detail: 'containers "a", "b" use hostPorts 443, 80, 9000',
  },
  {
    check: 'appArmorProfile',
    level: 'baseline',
    pass: (s, m) => {
      s.securityContext.appArmorProfile = { type: 'RuntimeDefault' };
      c(s, 0).securityContext.appArmorProfile = { type: 'Localhost', localhostProfile: 'p' };
      m.annotations = { 'container.apparmor.security.beta.kubernetes.io/a': 'localhost/p' };
    },
    fail: (s, m) => {
      s.securityContext.appArmorProfile = { type: 'Unconfined' };
      c(s, 1).securityContext.appArmorProfile = { type: 'Unconfined' };
      m.annotations = { 'container.apparmor.security.beta.kubernetes.io/b': 'unconfined' };
    },
    reason: 'forbidden AppArmor profiles',
    detail: 'pod and container "b" and annotation must not set AppArmor profile type to "Unconfined", "container.apparmor.security.beta.kubernetes.io/b="unconfined""',
  },
  {
    check: 'seLinuxOptions',
    level: 'baseline',
    pass: (s) => (s.securityContext.seLinuxOptions = { type: 'container_engine_t', level: 's0:c1' }),
    fail: (s) => {
      s.securityContext.seLinuxOptions = { type: 'spc_t' };
      c(s, 0).securityContext.seLinuxOptions = { user: 'root', role: 'sysadm_r', type: 'unconfined_t' };
    },
    reason: 'seLinuxOptions',
    detail: 'pod and container "a" set forbidden securityContext.seLinuxOptions: types "spc_t", "unconfined_t"; user may not be set; role may not be set',
  },
  {
    check: 'procMount',
    level: 'baseline',
    pass: (s) => (c(s, 0).securityContext.procMount = 'Default'),
    fail: (s) => (c(s, 0).securityContext.procMount = 'Unmasked'),
    reason: 'procMount',
    detail: 'container "a" must not set securityContext.procMount to "Unmasked"',
  },
  {
    check: 'seccompProfile_baseline',
    level: 'baseline',
    pass: (s) => (c(s, 0).securityContext.seccompProfile = { type: 'Localhost', localhostProfile: 'p.json' }),
    fail: (s) => (c(s, 0).securityContext.seccompProfile = { type: 'Unconfined' }),
    reason: 'seccompProfile',
    detail: 'container "a" must not set securityContext.seccompProfile.type to "Unconfined"',
    restricted: { reason: 'seccompProfile', detail: 'container "a" must not set securityContext.seccompProfile.type to "Unconfined"' },
  },
  {
    check: 'sysctls',
    level: 'baseline',
    pass: (s) => (s.securityContext.sysctls = [{ name: 'net.ipv4.tcp_rmem', value: '4096 87380 16777216' }, { name: 'kernel.shm_rmid_forced', value: '0' }]),
    fail: (s) => (s.securityContext.sysctls = [{ name: 'kernel.msgmax', value: '1' }, { name: 'net.ipv4.ip_local_port_range', value: '1 2' }, { name: 'vm.swappiness', value: '1' }]),
    reason: 'forbidden sysctls',
    detail: 'kernel.msgmax, vm.swappiness',
  },
  {
    check: 'hostProbesAndHostLifecycle',
    level: 'baseline',
    pass: (s) => (c(s, 0).livenessProbe = { httpGet: { port: 80, host: '' } }),
    fail: (s) => {
      c(s, 1).livenessProbe = { httpGet: { port: 80, host: 'example.com' } };
      c(s, 0).readinessProbe = { tcpSocket: { port: 80, host: '10.0.0.1' } };
      c(s, 0).lifecycle = { preStop: { httpGet: { port: 80, host: 'example.com' } } };
    },
    reason: 'probe or lifecycle host',
    detail: 'containers "a", "b" use probe or lifecycle hosts "10.0.0.1", "example.com"',
  },
  {
    check: 'allowPrivilegeEscalation',
    level: 'restricted',
    pass: (s) => {
      // Windows pods can't set it (v1.25+)
      s.os = { name: 'windows' };
      delete c(s, 0).securityContext.allowPrivilegeEscalation;
    },
    fail: (s) => {
      delete c(s, -1).securityContext.allowPrivilegeEscalation;
      c(s, 1).securityContext.allowPrivilegeEscalation = true;
    },
    reason: 'allowPrivilegeEscalation != false',
    detail: 'containers "init", "b" must set securityContext.allowPrivilegeEscalation=false',
  },
  {
    check: 'capabilities_restricted',
    level: 'restricted',
    pass: (s) => (c(s, 0).securityContext.capabilities = { drop: ['ALL'], add: ['NET_BIND_SERVICE'] }),
    fail: (s) => {
      c(s, 0).securityContext.capabilities = { drop: ['NET_RAW'] };
      c(s, 1).securityContext.capabilities = { drop: ['ALL'], add: ['KILL'] };
    },
    reason: 'unrestricted capabilities',
    detail: 'container "a" must set securityContext.capabilities.drop=["ALL"]; container "b" must not include "KILL" in securityContext.capabilities.add',
  },
  {
    check: 'restrictedVolumes',
    level: 'restricted',
    pass: (s) => (s.volumes = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'image', 'persistentVolumeClaim', 'projected', 'secret'].map((k, i) => ({ name: `v${i}`, [k]: {} }))),
    fail: (s) => (s.volumes = [{ name: 'n', nfs: { server: 's', path: '/' } }, { name: 'g', gitRepo: { repository: 'r' } }, { name: 'ok', secret: { secretName: 's' } }]),
    reason: 'restricted volume types',
    detail: 'volumes "n", "g" use restricted volume types "gitRepo", "nfs"',
  },
  {
    check: 'runAsNonRoot',
    level: 'restricted',
    pass: (s) => {
      delete s.securityContext.runAsNonRoot;
      for (const x of [c(s, -1), c(s, 0), c(s, 1)]) x.securityContext.runAsNonRoot = true;
    },
    fail: (s) => {
      s.securityContext.runAsNonRoot = false;
      c(s, 1).securityContext.runAsNonRoot = false;
    },
    reason: 'runAsNonRoot != true',
    detail: 'pod and container "b" must not set securityContext.runAsNonRoot=false',
  },
  {
    check: 'runAsUser',
    level: 'restricted',
    pass: (s) => (s.securityContext.runAsUser = 1000),
    fail: (s) => {
      s.securityContext.runAsUser = 0;
      c(s, 0).securityContext.runAsUser = 0;
    },
    reason: 'runAsUser=0',
    detail: 'pod and container "a" must not set runAsUser=0',
  },
  {
    check: 'seccompProfile_restricted',
    level: 'restricted',
    pass: (s) => {
      delete s.securityContext.seccompProfile;
      for (const x of [c(s, -1), c(s, 0), c(s, 1)]) x.securityContext.seccompProfile = { type: 'RuntimeDefault' };
    },
    fail: (s) => {
      delete s.securityContext.seccompProfile;
      c(s, 0).securityContext.seccompProfile = { type: 'RuntimeDefault' };
    },
    reason: 'seccompProfile',
    detail: 'pod or containers "init", "b" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"',
  },
];

describe('Pod Security Standards checks (policy/check_*.go, v1.34)', () => {
  it('the compliant base pod passes restricted and baseline', () => {
    assert.equal(run('restricted', restrictedPod()).allowed, true);
    assert.equal(run('baseline', restrictedPod()).allowed, true);
    assert.equal(run('privileged', { hostNetwork: true }).allowed, true);
  });

  it('the table covers every check upstream registers', () => {
    assert.deepEqual(ROWS.map((r) => r.check).sort(), DEFAULT_CHECKS.map((x) => x.id).sort());
  });

  for (const row of ROWS) {
    describe(`${row.level} check ${row.check}`, () => {
      it('a pod within the rule passes', () => {
        const spec = restrictedPod();
        const meta: Obj = {};
        row.pass?.(spec, meta);
        assert.deepEqual(run('restricted', spec, meta).reasons, []);
        assert.deepEqual(run('baseline', spec, meta).reasons, []);
      });
      it('a pod breaking it fails with upstream\'s reason and detail', () => {
        const spec = restrictedPod();
        const meta: Obj = {};
        row.fail(spec, meta);
        const baseline = run('baseline', spec, meta);
        const restricted = run('restricted', spec, meta);
        if (row.level === 'baseline') {
          assert.deepEqual([baseline.reasons, baseline.details], [[row.reason], [row.detail]]);
          const r = row.restricted ?? { reason: row.reason, detail: row.detail };
          assert.deepEqual([restricted.reasons, restricted.details], [[r.reason], [r.detail]]);
        } else {
          assert.equal(baseline.allowed, true, 'a restricted-only rule does not apply at baseline');
          assert.deepEqual([restricted.reasons, restricted.details], [[row.reason], [row.detail]]);
        }
      });
    });
  }

  it('an empty pod at restricted: the restricted reasons in upstream\'s order, details joined as in the 403', () => {
    const r = run('restricted', { containers: [{ name: 'c', image: 'nginx' }], hostPID: true });
    assert.deepEqual(r.reasons, ['host namespaces', 'allowPrivilegeEscalation != false', 'unrestricted capabilities', 'runAsNonRoot != true', 'seccompProfile']);
    assert.equal(
      forbiddenDetail(r),
      'host namespaces (hostPID=true), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
  });

  describe('versions (policy/registry.go)', () => {
    it('v1.33 has no probe host check; v1.34 and latest do', () => {
      const spec = restrictedPod();
      c(spec, 0).livenessProbe = { httpGet: { port: 80, host: 'h' } };
      assert.equal(run('baseline', spec, {}, 33).allowed, true);
      assert.equal(run('baseline', spec, {}, 34).allowed, false);
      assert.equal(run('baseline', spec, {}, 99).allowed, false, 'a future version reads as the newest');
    });
    it('sysctls grow with the version: ip_local_reserved_ports at v1.27, tcp_keepalive_time at v1.29, tcp_wmem at v1.32', () => {
      const with_ = (name: string) => ({ securityContext: { sysctls: [{ name, value: '1' }] } });
      assert.deepEqual([26, 27].map((v) => run('baseline', with_('net.ipv4.ip_local_reserved_ports'), {}, v).allowed), [false, true]);
      assert.deepEqual([28, 29].map((v) => run('baseline', with_('net.ipv4.tcp_keepalive_time'), {}, v).allowed), [false, true]);
      assert.deepEqual([31, 32].map((v) => run('baseline', with_('net.ipv4.tcp_wmem'), {}, v).allowed), [false, true]);
    });
    it('container_engine_t is allowed from v1.31', () => {
      const spec = { securityContext: { seLinuxOptions: { type: 'container_engine_t' } } };
      assert.deepEqual([30, 31].map((v) => run('baseline', spec, {}, v).allowed), [false, true]);
    });
    it('restricted before v1.22 has no capabilities rule, before v1.8 no privilege-escalation rule, before v1.23 no runAsUser rule', () => {
      const spec = restrictedPod();
      c(spec, 0).securityContext = { runAsUser: 0 };
      assert.deepEqual(run('restricted', spec, {}, 21).reasons, ['allowPrivilegeEscalation != false']);
      assert.deepEqual(run('restricted', spec, {}, 7).reasons, []);
      assert.deepEqual(run('restricted', spec, {}, 23).reasons, ['allowPrivilegeEscalation != false', 'unrestricted capabilities', 'runAsUser=0']);
    });
    it('before v1.19 seccomp is judged by annotations; from v1.25 windows pods skip the Linux-only rules', () => {
      const meta = { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined', 'container.seccomp.security.alpha.kubernetes.io/a': 'docker/default' } };
      const r = run('baseline', restrictedPod(), meta, 18);
      assert.deepEqual([r.reasons, r.details], [['seccompProfile'], ['forbidden annotation seccomp.security.alpha.kubernetes.io/pod="unconfined"']]);
      assert.equal(run('baseline', restrictedPod(), meta, 19).allowed, true);
      const win = { os: { name: 'windows' }, securityContext: { runAsNonRoot: true }, containers: [{ name: 'w', image: 'i' }] };
      assert.equal(run('restricted', win, {}, 25).allowed, true);
      assert.deepEqual(run('restricted', win, {}, 24).reasons, ['allowPrivilegeEscalation != false', 'unrestricted capabilities', 'seccompProfile']);
    });
    it('UserNamespacesPodSecurityStandards relaxes runAsNonRoot, runAsUser and procMount for hostUsers=false pods', () => {
      const spec = { hostUsers: false, securityContext: { runAsUser: 0, seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'c', image: 'i', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, procMount: 'Unmasked' } }] };
      assert.deepEqual(run('restricted', spec).reasons, ['procMount', 'runAsNonRoot != true', 'runAsUser=0']);
      const relaxed = new Evaluator(DEFAULT_CHECKS, { relaxForUserNamespacePods: true });
      assert.equal(relaxed.evaluate({ level: 'restricted', version: LATEST }, {}, spec).allowed, true);
    });
  });
});
