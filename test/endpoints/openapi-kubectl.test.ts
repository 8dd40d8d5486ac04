// kubectl 1.34 reading skiff's OpenAPI: `kubectl explain` (OpenAPI v3, JSON) and
// `kubectl explain --output=plaintext-openapiv2` (OpenAPI v2, protobuf), against a real
// TLS server whose routes are /version, discovery and /openapi over the built-in catalog.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildAuthenticator } from '../../src/authn/index.js';
import { serverUrl, writeKubeconfig } from '../../src/cli/kubeconfig.js';
import { ensurePki } from '../../src/cli/pki.js';
import { Discovery } from '../../src/endpoints/discovery.js';
import { namedTypes, OpenApi } from '../../src/endpoints/openapi.js';
import { handleVersion } from '../../src/endpoints/version.js';
import { authenticationFilter } from '../../src/server/filters/authentication.js';
import { ApiServer } from '../../src/server/server.js';
import { builtinCatalog } from '../../src/types/catalog.js';
import { kubectl, kubectlPath } from '../support/kubectl.js';
import { silentLogger } from '../support/server.js';

async function schemaModules(): Promise<object[]> {
  const dir = fileURLToPath(new URL('../../src/types/schemas/', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  return Promise.all(files.map((f) => import(join(dir, f)) as Promise<object>));
}

describe('kubectl explain over skiff OpenAPI', () => {
  let dir: string;
  let server: ApiServer;
  let kc: string;

  before(async () => {
    kubectlPath();
    dir = mkdtempSync(join(tmpdir(), 'skiff-openapi-'));
    const pki = await ensurePki(dir, { hostnames: ['localhost'] });
    const catalog = builtinCatalog();
    const discovery = new Discovery(catalog);
    const openapi = new OpenApi(catalog, { types: namedTypes(...(await schemaModules())) });
    server = new ApiServer({
      key: pki.serving.keyPem,
      cert: pki.serving.certPem,
      clientCa: pki.ca.certPem,
      filters: [authenticationFilter(buildAuthenticator({ clientCaPem: pki.ca.certPem, anonymous: false }))],
      logger: silentLogger(),
      routes: [(ctx) => handleVersion(ctx), (ctx) => discovery.handle(ctx), (ctx) => openapi.handle(ctx)],
    });
    const addr = await server.listen(0, '127.0.0.1');
    kc = join(dir, 'kubeconfig');
    await writeKubeconfig(kc, { server: serverUrl('127.0.0.1', addr.port), caPem: pki.ca.certPem, clientCertPem: pki.admin.certPem, clientKeyPem: pki.admin.keyPem });
  });

  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('explains a kind from the v3 document', async () => {
    const r = await kubectl(kc, ['explain', 'configmaps']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^KIND:\s+ConfigMap\nVERSION:\s+v1\n/);
    assert.match(r.stdout, /ConfigMap holds configuration data for pods to consume\./);
    assert.match(r.stdout, /\n {2}binaryData\t<map\[string\]string>\n/);
    assert.match(r.stdout, /\n {2}metadata\t<ObjectMeta>\n/);
  });

  it('explains nested field paths through references', async () => {
    const r = await kubectl(kc, ['explain', 'deployments.spec.template.spec.containers.ports']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^GROUP:\s+apps\nKIND:\s+Deployment\nVERSION:\s+v1\n/);
    assert.match(r.stdout, /FIELD: ports <\[\]ContainerPort>/);
    assert.match(r.stdout, /\n {2}containerPort\t<integer> -required-\n/);
    const rec = await kubectl(kc, ['explain', 'pods', '--recursive']);
    assert.equal(rec.code, 0, rec.stderr);
    assert.match(rec.stdout, /\n {4}ephemeralContainers\t<\[\]EphemeralContainer>\n/);
  });

  it('explains from the v2 document, which kubectl reads as protobuf', async () => {
    const r = await kubectl(kc, ['explain', 'pods.spec.containers', '--output=plaintext-openapiv2']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^KIND:\s+Pod\nVERSION:\s+v1\n\nRESOURCE: containers <\[\]Object>/);
    assert.match(r.stdout, /\n {3}image\t<string>\n/);
  });
});
