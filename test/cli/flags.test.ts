import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FlagError,
  formatFlagError,
  formatGoDuration,
  helpText,
  parseFlags,
  parseGoDuration,
  parseGoInt,
  validateServerFlags,
} from '../../src/cli/flags.js';

function flagError(argv: string[]): string {
  try {
    parseFlags(argv);
  } catch (e) {
    assert.ok(e instanceof FlagError);
    return e.message;
  }
  assert.fail(`expected ${JSON.stringify(argv)} to fail`);
}

test('defaults', () => {
  const { options, positional, help, changed } = parseFlags([]);
  assert.equal(options.securePort, 6443);
  assert.equal(options.bindAddress, '0.0.0.0');
  assert.equal(options.dataDir, './.skiff');
  assert.equal(options.anonymousAuth, true);
  assert.equal(options.shutdownDelayDuration, 0);
  assert.equal(options.etcdCompactionInterval, 5 * 60_000);
  assert.equal(options.etcdPrefix, '/registry');
  assert.deepEqual(options.etcdServers, []);
  assert.deepEqual(options.authorizationMode, ['Node', 'RBAC']); // skiff's secure default (kube-apiserver: AlwaysAllow)
  assert.equal(options.serviceClusterIpRange, '10.0.0.0/24');
  assert.deepEqual(options.serviceNodePortRange, { base: 30000, size: 2768 });
  assert.equal(options.maxRequestsInflight, 400);
  assert.equal(options.maxMutatingRequestsInflight, 200);
  assert.equal(options.v, 0);
  assert.deepEqual(options.runtimeConfig, {});
  assert.deepEqual(options.featureGates, {});
  assert.deepEqual(positional, []);
  assert.equal(help, false);
  assert.equal(changed.size, 0);
});

test('defaults are not shared between parses', () => {
  const a = parseFlags(['--feature-gates=A=true']);
  const b = parseFlags([]);
  assert.deepEqual(a.options.featureGates, { A: true });
  assert.deepEqual(b.options.featureGates, {});
});

test('--flag=value, --flag value, word separators', () => {
  const { options, changed } = parseFlags(['--secure-port=8443', '--bind-address', '127.0.0.1', '--tls_cert_file', '/c.pem', '--data-dir=/d=x']);
  assert.equal(options.securePort, 8443);
  assert.equal(options.bindAddress, '127.0.0.1');
  assert.equal(options.tlsCertFile, '/c.pem');
  assert.equal(options.dataDir, '/d=x');
  assert.deepEqual([...changed].sort(), ['bind-address', 'data-dir', 'secure-port', 'tls-cert-file']);
});

test('bool flags: bare, =true/false, Go spellings; a separate word is positional', () => {
  assert.equal(parseFlags(['--anonymous-auth=false']).options.anonymousAuth, false);
  assert.equal(parseFlags(['--anonymous-auth=F']).options.anonymousAuth, false);
  assert.equal(parseFlags(['--anonymous-auth=0', '--anonymous-auth']).options.anonymousAuth, true);
  const r = parseFlags(['--anonymous-auth', 'false']);
  assert.equal(r.options.anonymousAuth, true);
  assert.deepEqual(r.positional, ['false']);
});

test('-v forms', () => {
  for (const argv of [['-v=4'], ['-v', '4'], ['-v4'], ['--v=4'], ['--v', '4']]) {
    assert.equal(parseFlags(argv).options.v, 4, argv.join(' '));
  }
});

test('help', () => {
  assert.equal(parseFlags(['-h']).help, true);
  assert.equal(parseFlags(['--help']).help, true);
  assert.equal(parseFlags(['--secure-port=1']).help, false);
});

test('durations use time.ParseDuration syntax and come out in milliseconds', () => {
  assert.equal(parseFlags(['--shutdown-delay-duration=70s']).options.shutdownDelayDuration, 70_000);
  assert.equal(parseFlags(['--shutdown-delay-duration', '1m30s']).options.shutdownDelayDuration, 90_000);
  assert.equal(parseFlags(['--etcd-compaction-interval=0']).options.etcdCompactionInterval, 0);
  assert.equal(parseGoDuration('1h'), 3_600_000);
  assert.equal(parseGoDuration('1.5h'), 5_400_000);
  assert.equal(parseGoDuration('250ms'), 250);
  assert.equal(parseGoDuration('1500us'), 1.5);
  assert.equal(parseGoDuration('-2s'), -2000);
  assert.equal(parseGoDuration('.5s'), 500);
  assert.throws(() => parseGoDuration(''), /time: invalid duration ""/);
  assert.throws(() => parseGoDuration('s'), /time: invalid duration "s"/);
  assert.throws(() => parseGoDuration('10'), /time: missing unit in duration "10"/);
  assert.throws(() => parseGoDuration('3d'), /time: unknown unit "d" in duration "3d"/);
});

test('duration formatting matches time.Duration.String', () => {
  assert.equal(formatGoDuration(0), '0s');
  assert.equal(formatGoDuration(5 * 60_000), '5m0s');
  assert.equal(formatGoDuration(70_000), '1m10s');
  assert.equal(formatGoDuration(3_600_000), '1h0m0s');
  assert.equal(formatGoDuration(1500), '1.5s');
  assert.equal(formatGoDuration(250), '250ms');
  assert.equal(formatGoDuration(-90_000), '-1m30s');
});

test('ints use strconv.ParseInt base 0', () => {
  assert.equal(parseGoInt('0x10'), 16);
  assert.equal(parseGoInt('010'), 8);
  assert.equal(parseGoInt('-5'), -5);
  assert.equal(parseGoInt('+7'), 7);
  assert.equal(parseGoInt('0b101'), 5);
  assert.equal(parseGoInt('0o17'), 15);
  assert.equal(parseGoInt('1_000'), 1000);
  assert.equal(parseGoInt('0x_1f'), 31);
  for (const bad of ['', '-', '1__0', '_1', '1_', '08', '0x', '1.5', ' 1', '1e3']) {
    assert.throws(() => parseGoInt(bad), { message: `strconv.ParseInt: parsing ${JSON.stringify(bad)}: invalid syntax` }, bad);
  }
});

test('string slices: comma separated, first use replaces the default, later ones append', () => {
  const r = parseFlags(['--etcd-servers=https://a:2379,https://b:2379', '--etcd-servers', 'https://c:2379']);
  assert.deepEqual(r.options.etcdServers, ['https://a:2379', 'https://b:2379', 'https://c:2379']);
  assert.deepEqual(parseFlags(['--authorization-mode=Node,RBAC']).options.authorizationMode, ['Node', 'RBAC']);
  assert.deepEqual(parseFlags(['--authorization-mode=']).options.authorizationMode, []);
  assert.deepEqual(parseFlags(['--etcd-servers="a,b",c']).options.etcdServers, ['a,b', 'c']);
});

test('maps: runtime-config accumulates, feature gates need bools', () => {
  const r = parseFlags(['--runtime-config=api/all=false, apps/v1=true', '--runtime-config', 'batch/v1', '--feature-gates=A=true,B=false', '--feature-gates=C=t']);
  assert.deepEqual(r.options.runtimeConfig, { 'api/all': 'false', 'apps/v1': 'true', 'batch/v1': '' });
  assert.deepEqual(r.options.featureGates, { A: true, B: false, C: true });
  assert.equal(flagError(['--feature-gates=A']), 'invalid argument "A" for "--feature-gates" flag: missing bool value for A');
  assert.equal(
    flagError(['--feature-gates=A=yes']),
    'invalid argument "A=yes" for "--feature-gates" flag: invalid value of A=yes, err: strconv.ParseBool: parsing "yes": invalid syntax',
  );
});

test('port ranges', () => {
  assert.deepEqual(parseFlags(['--service-node-port-range=1000-2000']).options.serviceNodePortRange, { base: 1000, size: 1001 });
  assert.deepEqual(parseFlags(['--service-node-port-range=1000+10']).options.serviceNodePortRange, { base: 1000, size: 11 });
  assert.deepEqual(parseFlags(['--service-node-port-range=1000']).options.serviceNodePortRange, { base: 1000, size: 1 });
  assert.match(flagError(['--service-node-port-range=2000-1000']), /end port cannot be less than start port: 2000-1000$/);
  assert.match(flagError(['--service-node-port-range=1-70000']), /the port range cannot be greater than 65535: 1-70000$/);
});

test('unknown flags, pflag wording', () => {
  assert.equal(flagError(['--foo']), 'unknown flag: --foo');
  assert.equal(flagError(['--foo=bar']), 'unknown flag: --foo');
  assert.equal(flagError(['-x']), "unknown shorthand flag: 'x' in -x");
  assert.equal(flagError(['-secure-port=1']), "unknown shorthand flag: 's' in -secure-port=1");
  assert.equal(flagError(['---x']), 'bad flag syntax: ---x');
  const e = new FlagError('unknown flag: --foo');
  assert.equal(formatFlagError(e), "Error: unknown flag: --foo\nRun 'skiff --help' for usage.\n");
});

test('malformed values, pflag wording', () => {
  assert.equal(flagError(['--secure-port=abc']), 'invalid argument "abc" for "--secure-port" flag: strconv.ParseInt: parsing "abc": invalid syntax');
  assert.equal(
    flagError(['--secure-port=99999999999999999999']),
    'invalid argument "99999999999999999999" for "--secure-port" flag: strconv.ParseInt: parsing "99999999999999999999": value out of range',
  );
  assert.equal(flagError(['-v=x']), 'invalid argument "x" for "-v, --v" flag: strconv.ParseUint: parsing "x": invalid syntax');
  assert.equal(flagError(['--v=-1']), 'invalid argument "-1" for "-v, --v" flag: strconv.ParseUint: parsing "-1": invalid syntax');
  assert.equal(
    flagError(['--shutdown-delay-duration=5']),
    'invalid argument "5" for "--shutdown-delay-duration" flag: time: missing unit in duration "5"',
  );
  assert.equal(flagError(['--anonymous-auth=yes']), 'invalid argument "yes" for "--anonymous-auth" flag: strconv.ParseBool: parsing "yes": invalid syntax');
  assert.equal(flagError(['--bind-address=localhost']), 'invalid argument "localhost" for "--bind-address" flag: failed to parse IP: "localhost"');
  assert.equal(flagError(['--secure-port']), 'flag needs an argument: --secure-port');
  assert.equal(flagError(['-v']), "flag needs an argument: 'v' in -v");
});

test('-- ends flags; bare words are positional', () => {
  const r = parseFlags(['serve', '--secure-port=1', '--', '--not-a-flag', '-v']);
  assert.deepEqual(r.positional, ['serve', '--not-a-flag', '-v']);
  assert.equal(r.options.securePort, 1);
});

test('validation beyond syntax', () => {
  assert.deepEqual(validateServerFlags(parseFlags([]).options), []);
  const errs = validateServerFlags(parseFlags(['--secure-port=0', '--authorization-mode=RBAC,Bogus,RBAC', '--tls-cert-file=/x']).options, ['extra']);
  assert.ok(errs.includes('--secure-port 0 must be between 1 and 65535, inclusive. It cannot be turned off with 0'));
  assert.ok(errs.includes('authorization-mode "Bogus" is not a valid mode'));
  assert.ok(errs.includes('authorization-mode "RBAC,Bogus,RBAC" has mode specified more than once'));
  assert.ok(errs.includes('missing filename for serving cert'));
  assert.ok(errs.includes('"skiff" does not take any arguments, got ["extra"]'));
});

test('help text is derived from the table', () => {
  const h = helpText();
  assert.match(h, /^Usage:\n {2}skiff \[flags\]$/m);
  assert.match(h, /^Secure serving flags:$/m);
  assert.match(h, /^ {6}--secure-port int +The port .* \(default 6443\)$/m);
  assert.match(h, /^ {6}--bind-address ip +.*\(default 0\.0\.0\.0\)$/m);
  assert.match(h, /^ {6}--etcd-prefix string +.*\(default "\/registry"\)$/m);
  assert.match(h, /^ {6}--etcd-compaction-interval duration +.*\(default 5m0s\)$/m);
  assert.match(h, /^ {6}--authorization-mode strings +.*\(default \[Node,RBAC\]\)$/m);
  assert.match(h, /^ {6}--anonymous-auth +.*\(default true\)$/m);
  assert.match(h, /^ {6}--service-node-port-range portRange +.*\(default 30000-32767\)$/m);
  assert.match(h, /^ {2}-v, --v Level +number for the log level verbosity$/m);
  assert.match(h, /^ {2}-h, --help +help for skiff$/m);
  // Zero defaults are not printed.
  assert.doesNotMatch(h, /--shutdown-delay-duration duration .*\(default/);
  assert.doesNotMatch(h, /--tls-cert-file string .*\(default/);
  // Every flag appears once.
  for (const name of ['secure-port', 'token-auth-file', 'client-ca-file', 'data-dir', 'feature-gates', 'runtime-config', 'livez-grace-period']) {
    assert.equal(h.split('\n').filter((l) => l.startsWith(`      --${name} `)).length, 1, name);
  }
});
