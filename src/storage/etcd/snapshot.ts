// `Maintenance.Snapshot` into a file, as `etcdctl snapshot save` does it: the member
// streams its bbolt database in pieces and, as the last message, the sha256 of all of
// them (etcd server/etcdserver/api/v3rpc/maintenance.go). The file keeps that trailing
// digest, so `etcdutl snapshot restore` (etcdctl's in 3.4) can verify it again.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { durableRename } from '../../util/durable-rename.js';
import { fileHead } from '../../util/file-head.js';
import { GrpcChannel, GrpcError } from './grpc.js';
import { RPC, decodeSnapshotResponse, decodeStatus, encodeSnapshotRequest, encodeStatus } from './messages.js';

export interface EtcdSnapshotSource {
  /** One member's client URL: a snapshot is one member's database. */
  endpoint: string;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Longest wait for the connection. Default 5 s. */
  dialTimeoutMs?: number;
}

export interface EtcdSnapshotInfo {
  /** Size of the saved file, the digest included. */
  bytes: number;
  /** The version of the etcd member that sent it. */
  etcdVersion: string;
  /** The member's revision just before the snapshot began (the snapshot is at least this new). */
  revisionAtStart: number;
}

const SHA256_SIZE = 32;
/** bbolt's meta page: a 16-byte page header, then the magic number. */
const BOLT_MAGIC = 0xed0cdaed;
const BOLT_MAGIC_OFFSET = 16;

export class EtcdSnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EtcdSnapshotError';
  }
}

/** True when the file starts like a bbolt database (an etcd snapshot or member/snap/db). */
export function isEtcdSnapshotFile(path: string): boolean {
  const head = fileHead(path, BOLT_MAGIC_OFFSET + 4);
  return head.length === BOLT_MAGIC_OFFSET + 4 && head.readUInt32LE(BOLT_MAGIC_OFFSET) === BOLT_MAGIC;
}

/** True when a saved snapshot ends with the sha256 of the rest, as etcd sent it (etcdutl's check on restore). */
export function etcdSnapshotDigestMatches(file: string, size: number): boolean {
  if (size % 512 !== SHA256_SIZE) return false;
  const hash = createHash('sha256');
  const buf = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  try {
    let pos = 0;
    const dataEnd = size - SHA256_SIZE;
    while (pos < dataEnd) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, dataEnd - pos), pos);
      if (n === 0) return false;
      hash.update(buf.subarray(0, n));
      pos += n;
    }
    const trailer = Buffer.alloc(SHA256_SIZE);
    return readSync(fd, trailer, 0, SHA256_SIZE, dataEnd) === SHA256_SIZE && hash.digest().equals(trailer);
  } finally {
    closeSync(fd);
  }
}

export async function saveEtcdSnapshot(source: EtcdSnapshotSource, file: string): Promise<EtcdSnapshotInfo> {
  const read = (f?: string) => (f ? readFile(f) : Promise.resolve(undefined));
  const [ca, cert, key] = await Promise.all([read(source.caFile), read(source.certFile), read(source.keyFile)]);
  const tls = ca || cert || key ? { ca, cert, key } : undefined;
  // Keepalive pings (the default) end the stream if the member goes silent, instead of waiting forever.
  const channel = new GrpcChannel(source.endpoint, { tls, dialTimeoutMs: source.dialTimeoutMs });
  const part = `${file}.part`;
  try {
    const status = decodeStatus(await channel.unary(RPC.status, encodeStatus(), source.dialTimeoutMs ?? 5000));
    await streamInto(channel, part);
    checkFile(part);
    durableRename(part, file);
    return { bytes: statSync(file).size, etcdVersion: status.version, revisionAtStart: status.header.revision };
  } catch (err) {
    rmSync(part, { force: true });
    if (err instanceof GrpcError) throw new EtcdSnapshotError(`etcd ${channel.url}: ${err.details}`);
    throw err;
  } finally {
    channel.close();
  }
}

/** Writes every piece to part as it arrives; the digest trails the data by one message. */
function streamInto(channel: GrpcChannel, part: string): Promise<void> {
  const fd = openSync(part, 'w', 0o600);
  const hash = createHash('sha256');
  let last: { blob: Buffer; remainingBytes: number } | undefined;
  let failure: Error | undefined;
  return new Promise<void>((resolve, reject) => {
    const stream = channel.openStream(RPC.snapshot, {
      onMessage(msg) {
        if (failure) return;
        try {
          const m = decodeSnapshotResponse(msg);
          if (last) hash.update(last.blob);
          writeSync(fd, m.blob);
          last = { blob: Buffer.from(m.blob), remainingBytes: m.remainingBytes };
        } catch (err) {
          failure = err as Error;
          stream.cancel();
          closeSync(fd);
          reject(failure);
        }
      },
      onEnd(err) {
        if (failure) return;
        closeSync(fd);
        if (err) return reject(err);
        if (!last || last.remainingBytes !== 0 || last.blob.length !== SHA256_SIZE) {
          return reject(new EtcdSnapshotError('etcd ended the snapshot stream early: no sha256 digest at its end'));
        }
        const digest = hash.digest();
        if (!digest.equals(last.blob)) return reject(new EtcdSnapshotError('snapshot sha256 mismatch: the database etcd sent does not match its digest'));
        resolve();
      },
    });
    stream.write(encodeSnapshotRequest());
    stream.end();
  });
}

function checkFile(part: string): void {
  const size = statSync(part).size;
  // etcdutl's own test for a trailing digest: bbolt pages are multiples of 512 bytes.
  if (size % 512 !== SHA256_SIZE) throw new EtcdSnapshotError(`snapshot has an unexpected size ${size}`);
  if (!isEtcdSnapshotFile(part)) throw new EtcdSnapshotError('the snapshot etcd sent is not a bbolt database');
}
