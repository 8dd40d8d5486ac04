// Test helper: what a TLS server (requestCert, rejectUnauthorized=false, as skiff
// listens) sees of a client's certificate, via a real handshake on 127.0.0.1.

import { connect, createServer, type PeerCertificate, type TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { CertAndKey } from '../../src/cli/pki.js';

export interface CapturedPeer {
  peerCertificate: PeerCertificate | Record<string, never>;
  authorized: boolean;
}

export async function capturePeer(server: CertAndKey & { caPem: string }, client?: { certPem: string; keyPem: string }): Promise<CapturedPeer> {
  let resolveCapture!: (c: CapturedPeer) => void;
  const captured = new Promise<CapturedPeer>((r) => (resolveCapture = r));
  const srv = createServer(
    { cert: server.certPem, key: server.keyPem, ca: server.caPem, requestCert: true, rejectUnauthorized: false },
    (socket: TLSSocket) => {
      resolveCapture({ peerCertificate: socket.getPeerCertificate(true) as PeerCertificate, authorized: socket.authorized });
      socket.end();
    },
  );
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as AddressInfo).port;
  const sock = connect({ host: '127.0.0.1', port, ca: server.caPem, cert: client?.certPem, key: client?.keyPem, servername: 'localhost' });
  sock.on('error', () => {});
  sock.resume();
  try {
    return await captured;
  } finally {
    sock.destroy();
    srv.close();
  }
}
