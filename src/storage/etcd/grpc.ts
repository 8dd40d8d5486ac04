// gRPC over node:http2, the part etcd needs: unary calls and one bidirectional stream
// type, length-prefixed messages without compression, status from trailers (or from the
// headers of a trailers-only response), deadlines, keepalive pings.
import http2, { type ClientHttp2Session, type ClientHttp2Stream, type IncomingHttpHeaders } from 'node:http2';

export const GrpcStatus = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  OUT_OF_RANGE: 11,
  UNAVAILABLE: 14,
} as const;

/**
 * A failed call. `delivered` is false only when the request is known not to have reached
 * the server (no connection, or the stream was refused), so even a write may be retried.
 */
export class GrpcError extends Error {
  constructor(
    readonly code: number,
    readonly details: string,
    readonly delivered: boolean,
  ) {
    super(details);
    this.name = 'GrpcError';
  }
}

export interface TlsFiles {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

export interface ChannelOptions {
  tls?: TlsFiles;
  /** Longest wait for a connection. Default 5 s. */
  dialTimeoutMs?: number;
  /** Ping the server this often while connected; 0 disables. Default 10 s. */
  keepaliveMs?: number;
  /** Metadata sent with every call. */
  metadata?: Record<string, string>;
}

export interface StreamHandlers {
  onMessage(msg: Buffer): void;
  /** The stream is over; err is undefined only when the server ended it with status OK. */
  onEnd(err?: GrpcError): void;
}

export interface BidiStream {
  write(msg: Buffer): void;
  /** Half-close: no more messages from our side; the server's messages keep coming. */
  end(): void;
  /** Close the stream from our side; onEnd is not called afterwards. */
  cancel(): void;
}

/** Frames a message: 1 byte "not compressed", 4 bytes big-endian length, the message. */
export function frame(msg: Buffer): Buffer {
  const out = Buffer.allocUnsafe(5 + msg.length);
  out[0] = 0;
  out.writeUInt32BE(msg.length, 1);
  msg.copy(out, 5);
  return out;
}

/** Splits a byte stream into gRPC messages. */
export class FrameParser {
  private chunks: Buffer[] = [];
  private size = 0;

  push(chunk: Buffer, emit: (msg: Buffer) => void): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size >= 5) {
      const head = this.peek(5);
      if (head[0] !== 0) throw new GrpcError(GrpcStatus.UNKNOWN, 'grpc: compressed messages are not supported', true);
      const len = head.readUInt32BE(1);
      if (this.size < 5 + len) return;
      const all = this.take(5 + len);
      emit(all.subarray(5));
    }
  }

  private peek(n: number): Buffer {
    if (this.chunks[0]!.length < n) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0]!;
  }

  private take(n: number): Buffer {
    const first = this.chunks[0]!;
    if (first.length === n) {
      this.chunks.shift();
      this.size -= n;
      return first;
    }
    if (first.length > n) {
      this.chunks[0] = first.subarray(n);
      this.size -= n;
      return first.subarray(0, n);
    }
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.size -= n;
    return all.subarray(0, n);
  }
}

function statusOf(headers: IncomingHttpHeaders): { code: number; details: string } | undefined {
  const raw = headers['grpc-status'];
  if (raw === undefined) return undefined;
  const message = headers['grpc-message'];
  let details = typeof message === 'string' ? message : '';
  try {
    details = decodeURIComponent(details);
  } catch {
    // keep the raw text
  }
  return { code: Number(raw), details };
}

/** A connection to one endpoint, re-established on demand after it fails. */
export class GrpcChannel {
  private session?: ClientHttp2Session;
  private connecting?: Promise<ClientHttp2Session>;
  private keepalive?: NodeJS.Timeout;
  private closed = false;
  readonly url: string;

  constructor(
    endpoint: string,
    private readonly opts: ChannelOptions = {},
  ) {
    this.url = endpoint.includes('://') ? endpoint : `${opts.tls ? 'https' : 'http'}://${endpoint}`;
  }

  /** A call with one request and one response message. */
  async unary(path: string, msg: Buffer, timeoutMs: number): Promise<Buffer> {
    const session = await this.connect();
    return new Promise<Buffer>((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = session.request(this.headers(path, timeoutMs));
      } catch (err) {
        reject(new GrpcError(GrpcStatus.UNAVAILABLE, `grpc: ${(err as Error).message}`, false));
        return;
      }
      const parser = new FrameParser();
      let reply: Buffer | undefined;
      let status: { code: number; details: string } | undefined;
      let httpStatus = 0;
      let streamError: Error | undefined;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        stream.close(http2.constants.NGHTTP2_CANCEL);
      }, timeoutMs);
      stream.on('response', (h) => {
        httpStatus = Number(h[':status']);
        status ??= statusOf(h);
      });
      stream.on('trailers', (h) => {
        status = statusOf(h) ?? status;
      });
      stream.on('data', (chunk: Buffer) => {
        try {
          parser.push(chunk, (m) => (reply ??= m));
        } catch (err) {
          streamError = err as Error;
          stream.close(http2.constants.NGHTTP2_CANCEL);
        }
      });
      stream.on('error', (err) => (streamError = err));
      stream.on('close', () => {
        clearTimeout(timer);
        if (timedOut) return reject(new GrpcError(GrpcStatus.DEADLINE_EXCEEDED, `grpc: ${path} timed out after ${timeoutMs} ms`, true));
        if (status && status.code !== GrpcStatus.OK) return reject(new GrpcError(status.code, status.details, true));
        if (status && reply) return resolve(reply);
        if (status && httpStatus === 200) return resolve(Buffer.alloc(0));
        const refused = stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
        const why = streamError?.message ?? (httpStatus && httpStatus !== 200 ? `HTTP status ${httpStatus}` : `stream reset (code ${stream.rstCode})`);
        reject(new GrpcError(GrpcStatus.UNAVAILABLE, `grpc: ${path}: ${why}`, !refused));
      });
      stream.end(frame(msg));
    });
  }

  /** Opens a bidirectional stream. Connection failures are reported through onEnd. */
  openStream(path: string, handlers: StreamHandlers): BidiStream {
    let stream: ClientHttp2Stream | undefined;
    let ended = false;
    let halfClosed = false;
    const queue: Buffer[] = [];
    const end = (err?: GrpcError) => {
      if (ended) return;
      ended = true;
      handlers.onEnd(err);
    };
    this.connect().then(
      (session) => {
        if (ended) return;
        let s: ClientHttp2Stream;
        try {
          s = session.request(this.headers(path));
        } catch (err) {
          end(new GrpcError(GrpcStatus.UNAVAILABLE, `grpc: ${(err as Error).message}`, false));
          return;
        }
        stream = s;
        const parser = new FrameParser();
        let status: { code: number; details: string } | undefined;
        let streamError: Error | undefined;
        s.on('response', (h) => (status ??= statusOf(h)));
        s.on('trailers', (h) => (status = statusOf(h) ?? status));
        s.on('data', (chunk: Buffer) => {
          if (ended) return;
          try {
            parser.push(chunk, (m) => {
              if (!ended) handlers.onMessage(m);
            });
          } catch (err) {
            streamError = err as Error;
            s.close(http2.constants.NGHTTP2_CANCEL);
          }
        });
        s.on('error', (err) => (streamError = err));
        s.on('close', () => {
          if (status && status.code === GrpcStatus.OK && !streamError) return end();
          if (status && status.code !== GrpcStatus.OK) return end(new GrpcError(status.code, status.details, true));
          end(new GrpcError(GrpcStatus.UNAVAILABLE, `grpc: ${path}: ${streamError?.message ?? `stream reset (code ${s.rstCode})`}`, true));
        });
        for (const m of queue.splice(0)) s.write(frame(m));
        if (halfClosed) s.end();
      },
      (err: GrpcError) => end(err),
    );
    return {
      write: (msg) => {
        if (ended) return;
        if (stream) stream.write(frame(msg));
        else queue.push(msg);
      },
      end: () => {
        if (ended || halfClosed) return;
        halfClosed = true;
        stream?.end();
      },
      cancel: () => {
        ended = true;
        stream?.close(http2.constants.NGHTTP2_CANCEL);
      },
    };
  }

  /** Drop the current connection (the next call reconnects). */
  reset(): void {
    this.dropSession(this.session);
  }

  close(): void {
    this.closed = true;
    this.dropSession(this.session);
  }

  private headers(path: string, timeoutMs?: number): http2.OutgoingHttpHeaders {
    const h: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
      ...this.opts.metadata,
    };
    if (timeoutMs !== undefined) h['grpc-timeout'] = `${Math.max(1, Math.ceil(timeoutMs))}m`;
    return h;
  }

  private connect(): Promise<ClientHttp2Session> {
    if (this.closed) return Promise.reject(new GrpcError(GrpcStatus.UNAVAILABLE, 'grpc: channel closed', false));
    if (this.session && !this.session.closed && !this.session.destroyed) return Promise.resolve(this.session);
    this.connecting ??= this.dial().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private dial(): Promise<ClientHttp2Session> {
    return new Promise((resolve, reject) => {
      const tls = this.opts.tls;
      const session = http2.connect(this.url, {
        ...(tls ? { ca: tls.ca, cert: tls.cert, key: tls.key, ALPNProtocols: ['h2'] } : {}),
        settings: { enablePush: false, initialWindowSize: 16 << 20 },
        maxSessionMemory: 256,
      });
      const timeoutMs = this.opts.dialTimeoutMs ?? 5000;
      const timer = setTimeout(() => fail(new Error(`connect timed out after ${timeoutMs} ms`)), timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        session.destroy();
        reject(new GrpcError(GrpcStatus.UNAVAILABLE, `grpc: cannot connect to ${this.url}: ${err.message}`, false));
      };
      session.once('error', fail);
      session.once('connect', () => {
        clearTimeout(timer);
        session.off('error', fail);
        if (this.closed) {
          session.destroy();
          reject(new GrpcError(GrpcStatus.UNAVAILABLE, 'grpc: channel closed', false));
          return;
        }
        session.setLocalWindowSize(64 << 20);
        session.on('error', () => this.dropSession(session));
        session.on('goaway', () => this.dropSession(session));
        session.on('close', () => this.dropSession(session));
        this.session = session;
        this.startKeepalive(session);
        resolve(session);
      });
    });
  }

  private startKeepalive(session: ClientHttp2Session): void {
    const every = this.opts.keepaliveMs ?? 10_000;
    if (every <= 0) return;
    clearInterval(this.keepalive);
    this.keepalive = setInterval(() => {
      if (session !== this.session) return;
      let answered = false;
      const deadline = setTimeout(() => {
        if (!answered) session.destroy(new Error('keepalive ping timed out'));
      }, every);
      deadline.unref();
      try {
        session.ping((err) => {
          answered = true;
          clearTimeout(deadline);
          if (err) session.destroy(err);
        });
      } catch {
        clearTimeout(deadline);
      }
    }, every);
    this.keepalive.unref();
  }

  private dropSession(session: ClientHttp2Session | undefined): void {
    if (!session) return;
    if (session === this.session) {
      this.session = undefined;
      clearInterval(this.keepalive);
      this.keepalive = undefined;
    }
    if (!session.destroyed) {
      // Let streams in flight finish on a GOAWAY; destroy otherwise.
      if (session.closed) session.destroy();
      else session.close();
    }
  }
}
