import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { request, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { CHECKED_STAMP, PKI_FILES, ensurePki, firstServiceIp, pkiDigest, type Pki } from '../../src/cli/pki.js';

async function tempDir(t: { after: (fn: () => Promise<void>) => void }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'skiff-pki-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function cert(pem: string): X509Certificate {
  return new X509Certificate(pem);
}

function legacySubject(c: X509Certificate): Record<string, string | string[]> {
  return c.toLegacyObject().subject as unknown as Record<string, string | string[]>;
}

test('first start generates a CA, serving and admin certificates and SA keys; restarts reuse them', async (t) => {
  const dir = join(await tempDir(t), 'data'); // does not exist yet
  let t0 = performance.now();
  const first = await ensurePki(dir);
  const firstMs = performance.now() - t0;
  t0 = performance.now();
  const second = await ensurePki(dir);
  const reuseMs = performance.now() - t0;
  t.diagnostic(`first start ${firstMs.toFixed(1)} ms, reuse ${reuseMs.toFixed(1)} ms`);

  assert.deepEqual(first.generated.sort(), ['admin', 'ca', 'service-account', 'serving']);
  assert.deepEqual(second.generated, []);
  for (const part of ['ca', 'serving', 'admin'] as const) {
    assert.equal(second[part].certPem, first[part].certPem, part);
    assert.equal(second[part].keyPem, first[part].keyPem, part);
    assert.equal(await readFile(first[part].certPath, 'utf8'), first[part].certPem);
    assert.equal(await readFile(first[part].keyPath, 'utf8'), first[part].keyPem);
    assert.equal((await stat(first[part].keyPath)).mode & 0o777, 0o600, `${part} key mode`);
  }
  assert.equal(second.serviceAccount.privateKeyPem, first.serviceAccount.privateKeyPem);
  assert.equal((await stat(first.serviceAccount.privateKeyPath)).mode & 0o777, 0o600);
  assert.deepEqual(
    [first.ca.certPath, first.serving.certPath, first.admin.certPath, first.serviceAccount.publicKeyPath].map((p) => p.slice(dir.length + 1)),
    ['ca.crt', 'apiserver.crt', 'admin.crt', 'sa.pub'],
  );

  const ca = cert(first.ca.certPem);
  assert.equal(ca.subject, 'CN=skiff-ca');
  assert.equal(ca.ca, true);
  const years = (Date.parse(ca.validTo) - Date.now()) / (365 * 24 * 3600 * 1000);
  assert.ok(years > 9.9 && years < 10.1, `CA validity ${years} years`);

  const serving = cert(first.serving.certPem);
  assert.equal(serving.ca, false);
  assert.ok(serving.checkIssued(ca) && serving.verify(ca.publicKey));
  assert.deepEqual(serving.keyUsage, ['1.3.6.1.5.5.7.3.1']);
  for (const name of ['localhost', hostname().toLowerCase(), 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local']) {
    assert.equal(serving.checkHost(name, { wildcards: false }), name, name);
  }
  for (const ip of ['127.0.0.1', '::1', '10.0.0.1']) assert.equal(serving.checkIP(ip), ip, ip);
  assert.equal(serving.checkHost('example.com'), undefined);

  const admin = cert(first.admin.certPem);
  assert.ok(admin.checkIssued(ca) && admin.verify(ca.publicKey));
  assert.deepEqual({ ...legacySubject(admin) }, { O: 'system:masters', CN: 'kubernetes-admin' });
  assert.deepEqual(admin.keyUsage, ['1.3.6.1.5.5.7.3.2']);
  assert.ok(admin.checkPrivateKey(createPrivateKey(first.admin.keyPem)));

  const saPriv = createPrivateKey(first.serviceAccount.privateKeyPem);
  const saPub = createPublicKey(first.serviceAccount.publicKeyPem);
  const sig = sign('sha256', Buffer.from('payload'), saPriv);
  assert.ok(verify('sha256', Buffer.from('payload'), saPub, sig));
});

test('extra hostnames and a missing file regenerate only what is needed', async (t) => {
  const dir = await tempDir(t);
  const first = await ensurePki(dir, { hostnames: ['api.example.test', '192.0.2.10'], serviceClusterIpRange: '10.96.0.0/12' });
  const serving = cert(first.serving.certPem);
  assert.equal(serving.checkHost('api.example.test'), 'api.example.test');
  assert.equal(serving.checkIP('192.0.2.10'), '192.0.2.10');
  assert.equal(serving.checkIP('10.96.0.1'), '10.96.0.1');

  // Names already covered: reused.
  assert.deepEqual((await ensurePki(dir, { hostnames: ['api.example.test'], serviceClusterIpRange: '10.96.0.0/12' })).generated, []);
  // A new name: only the serving certificate is reissued, by the same CA.
  const widened = await ensurePki(dir, { hostnames: ['other.example.test'], serviceClusterIpRange: '10.96.0.0/12' });
  assert.deepEqual(widened.generated, ['serving']);
  assert.equal(widened.ca.certPem, first.ca.certPem);
  assert.equal(widened.admin.certPem, first.admin.certPem);
  assert.equal(cert(widened.serving.certPem).checkHost('other.example.test'), 'other.example.test');

  await unlink(first.admin.keyPath);
  const readmin = await ensurePki(dir, { hostnames: ['other.example.test'], serviceClusterIpRange: '10.96.0.0/12' });
  assert.deepEqual(readmin.generated, ['admin']);
  assert.notEqual(readmin.admin.certPem, first.admin.certPem);

  // A damaged CA means a new CA and every certificate reissued.
  await writeFile(first.ca.certPath, 'garbage');
  const rebuilt = await ensurePki(dir);
  assert.deepEqual(rebuilt.generated.sort(), ['admin', 'ca', 'serving']);
  assert.notEqual(rebuilt.ca.certPem, first.ca.certPem);
  assert.ok(cert(rebuilt.serving.certPem).verify(cert(rebuilt.ca.certPem).publicKey));
});

test('a PKI found usable is stamped, and the stamp spares the checks only while the files are unchanged and renewal is not due', async (t) => {
  const dir = await tempDir(t);
  await ensurePki(dir);
  const stampPath = join(dir, CHECKED_STAMP);
  assert.equal((await stat(stampPath)).mode & 0o777, 0o600);
  assert.deepEqual((await ensurePki(dir)).generated, []);

  // Another valid key in place of the admin key: the certificate no longer matches it.
  const other = await ensurePki(await tempDir(t));
  await writeFile(join(dir, PKI_FILES.adminKey), other.admin.keyPem);
  const contents = Object.fromEntries(await Promise.all(Object.entries(PKI_FILES).map(async ([k, f]) => [k, await readFile(join(dir, f), 'utf8')]))) as Record<keyof typeof PKI_FILES, string>;
  const names = { dnsNames: ['localhost', hostname().toLowerCase(), 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local'], ipAddresses: ['127.0.0.1', '::1', '10.0.0.1'] };
  // A stamp for exactly these files, not yet due: trusted, nothing is parsed (the mismatch goes unseen).
  await writeFile(stampPath, JSON.stringify({ digest: pkiDigest(contents, names), renewAt: Date.now() + 60_000 }));
  assert.deepEqual((await ensurePki(dir)).generated, [], 'the stamp was trusted');
  // Due: checked again, and the mismatched pair reissued.
  await writeFile(stampPath, JSON.stringify({ digest: pkiDigest(contents, names), renewAt: Date.now() - 1 }));
  const checked = await ensurePki(dir);
  assert.deepEqual(checked.generated, ['admin']);
  assert.ok(cert(checked.admin.certPem).checkPrivateKey(createPrivateKey(checked.admin.keyPem)));
  // A file changed since the stamp: checked again.
  await writeFile(join(dir, PKI_FILES.servingCert), 'garbage');
  assert.deepEqual((await ensurePki(dir)).generated, ['serving']);
  // A damaged stamp is no stamp.
  await writeFile(stampPath, '{not json');
  assert.deepEqual((await ensurePki(dir)).generated, []);
});

async function mtlsRequest(pki: Pki, client: { ca?: string; cert?: string; key?: string; host: string; servername?: string }) {
  const server = createServer(
    { cert: pki.serving.certPem, key: pki.serving.keyPem, ca: pki.ca.certPem, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const socket = req.socket as TLSSocket;
      const peer = socket.getPeerCertificate();
      res.end(JSON.stringify({ authorized: socket.authorized, cn: peer.subject?.CN ?? null, o: peer.subject?.O ?? null }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    return await new Promise<{ authorized: boolean; cn: string | null; o: string | null }>((resolve, reject) => {
      const req = request(
        { host: client.host, port, path: '/', ca: client.ca, cert: client.cert, key: client.key, servername: client.servername, agent: false },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(JSON.parse(body) as { authorized: boolean; cn: string | null; o: string | null }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

test('the serving certificate works for real TLS, and the admin certificate authenticates', async (t) => {
  const pki = await ensurePki(await tempDir(t));
  // By IP (127.0.0.1 SAN) and by name (localhost SAN), trusting only our CA.
  const byIp = await mtlsRequest(pki, { host: '127.0.0.1', ca: pki.ca.certPem, cert: pki.admin.certPem, key: pki.admin.keyPem });
  assert.deepEqual(byIp, { authorized: true, cn: 'kubernetes-admin', o: 'system:masters' });
  const byName = await mtlsRequest(pki, { host: '127.0.0.1', servername: 'localhost', ca: pki.ca.certPem });
  assert.deepEqual(byName, { authorized: false, cn: null, o: null });
  // Without our CA the server is not trusted.
  await assert.rejects(mtlsRequest(pki, { host: '127.0.0.1' }), /self[- ]signed|unable to (get|verify)/i);
  // A name not in the certificate fails hostname verification.
  await assert.rejects(mtlsRequest(pki, { host: '127.0.0.1', servername: 'example.com', ca: pki.ca.certPem }), /altnames|Hostname\/IP does not match/);
});

test('firstServiceIp', () => {
  assert.equal(firstServiceIp('10.0.0.0/24'), '10.0.0.1');
  assert.equal(firstServiceIp('10.96.0.0/12'), '10.96.0.1');
  assert.equal(firstServiceIp('10.96.5.7/12'), '10.96.0.1');
  assert.equal(firstServiceIp('fd00:10:96::/112'), 'fd00:10:96::1');
  assert.throws(() => firstServiceIp('nonsense'), /invalid CIDR/);
});
