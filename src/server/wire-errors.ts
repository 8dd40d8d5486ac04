// Answers to requests that never reach a handler, shaped as Go's net/http answers them
// (server.go, conn.serve): a plain-text status line repeated as the body, then the
// connection closes. Node's HTTP/1.1 parser reports these as 'clientError'.

import type { Duplex } from 'node:stream';

/** Go's http.DefaultMaxHeaderBytes: the request line and headers together (kube-apiserver keeps the default). */
export const GO_MAX_HEADER_BYTES = 1 << 20;

/**
 * Go's HTTP/2 server advertises MaxHeaderBytes plus room for ten fields' HPACK overhead
 * (golang.org/x/net/http2 server.go maxHeaderListSize).
 */
export const HTTP2_MAX_HEADER_LIST_SIZE = GO_MAX_HEADER_BYTES + 10 * 32;

const ERROR_HEADERS = '\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n';

/** Go's reply for a request its server could not read, by Node's llhttp error code. */
export function clientErrorReply(code: string | undefined, reason = ''): string | undefined {
  // Node's parser also refuses Transfer-Encoding beside Content-Length (a smuggling shape Go
  // resolves by ignoring Content-Length): that stays a 400.
  if (code === 'HPE_INVALID_TRANSFER_ENCODING' && /Content-Length/i.test(reason)) code = 'HPE_UNEXPECTED_CONTENT_LENGTH';
  switch (code) {
    case 'ECONNRESET':
    case 'ERR_STREAM_DESTROYED':
      return undefined; // nobody to answer (Go: isCommonNetReadError)
    case 'HPE_HEADER_OVERFLOW':
      return `HTTP/1.1 431 Request Header Fields Too Large${ERROR_HEADERS}431 Request Header Fields Too Large`;
    case 'HPE_INVALID_TRANSFER_ENCODING':
      // Go: anything but a single "chunked" coding is an unsupportedTEError.
      return `HTTP/1.1 501 Not Implemented${ERROR_HEADERS}Unsupported transfer encoding`;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return undefined; // Go closes an idle or slow connection without a reply.
    default:
      return `HTTP/1.1 400 Bad Request${ERROR_HEADERS}400 Bad Request`;
  }
}

export function answerClientError(err: Error & { code?: string; reason?: string }, socket: Duplex): void {
  const reply = clientErrorReply(err.code, err.reason);
  if (reply !== undefined && socket.writable && !(socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.end(reply);
  } else {
    socket.end();
  }
  // Go's closeWriteAndWait: half-close, give the client a moment to read the reply, then close.
  setTimeout(() => socket.destroy(), 500).unref();
}
