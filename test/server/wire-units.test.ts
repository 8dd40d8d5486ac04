// The pure pieces behind hostile-input handling: header values, warning headers,
// request targets, the JSON depth limit, YAML aliasing and Go's replies to bad requests.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { warningHeaderValues, wireHeaderValue } from '../../src/server/headers.js';
import { parseRequestTarget } from '../../src/server/request-target.js';
import { jsonDepthError } from '../../src/encoding/json-depth.js';
import { parseYaml, parseYamlAll } from '../../src/encoding/yaml.js';
import { clientErrorReply } from '../../src/server/wire-errors.js';
import { parseFlags, validateServerFlags } from '../../src/cli/flags.js';

describe('header values (Go net/http: UTF-8 bytes, CR/LF to space; invalid field values dropped as golang.org/x/net/http2 does)', () => {
  it('carries UTF-8 as its bytes and turns newlines into spaces', () => {
    assert.equal(wireHeaderValue('abc'), 'abc');
    assert.deepEqual(Buffer.from(wireHeaderValue('ü中')!, 'latin1'), Buffer.from('ü中', 'utf8'));
    assert.equal(wireHeaderValue('a\r\nb'), 'a  b');
  });
  it('drops values with control characters instead of throwing', () => {
    assert.equal(wireHeaderValue('a\u0001b'), undefined);
    assert.equal(wireHeaderValue('a\u007fb'), undefined);
    assert.equal(wireHeaderValue('a\tb'), 'a\tb');
  });
});

describe('Warning headers (k8s.io/apiserver filters/warning.go recorder, apimachinery util/net NewWarningHeader)', () => {
  it('quotes with backslash escapes, dedupes by text, refuses control characters (warning_test.go Test_recorder_AddWarning)', () => {
    assert.deepEqual(warningHeaderValues([]), []);
    assert.deepEqual(warningHeaderValues(['']), []);
    assert.deepEqual(warningHeaderValues(['mytext']), ['299 - "mytext"']);
    assert.deepEqual(warningHeaderValues(['mytext', 'mytext']), ['299 - "mytext"']);
    assert.deepEqual(warningHeaderValues(['mytext1', 'mytext2', 'mytext3']), ['299 - "mytext1"', '299 - "mytext2"', '299 - "mytext3"']);
    assert.deepEqual(warningHeaderValues(['my\ntext']), []);
    assert.deepEqual(warningHeaderValues(['a "q" \\ b']), ['299 - "a \\"q\\" \\\\ b"']);
    assert.deepEqual(warningHeaderValues(['bad \ud800 surrogate', 'c1 \u0085']), []);
  });
  it('truncates as upstream once the total passes the limit (warning_test.go TestTruncation, limits 25/5)', () => {
    const limits = { total: 25, item: 5 };
    const first = ['aaaaaaaaaa', 'aaaaaaaaaa', 'bb', 'ccc', 'Iñtërnâtiô'];
    assert.deepEqual(warningHeaderValues(first, limits), ['299 - "aaaaaaaaaa"', '299 - "bb"', '299 - "ccc"', '299 - "Iñtërnâtiô"']);
    assert.deepEqual(warningHeaderValues([...first, 'e', 'ffffffffff', 'ffffffffff', 'gggggggggg', 'h'], limits), [
      '299 - "aaaaa"', '299 - "bb"', '299 - "ccc"', '299 - "Iñtër"', '299 - "e"', '299 - "fffff"', '299 - "ggggg"',
    ]);
  });
  it('keeps the default limits of 4096 runes in total and 256 per warning', () => {
    const many = Array.from({ length: 40 }, (_, i) => `${i}`.padEnd(300, 'x'));
    const out = warningHeaderValues(many);
    assert.ok(out.length > 0 && out.length < 40);
    assert.ok(out.every((h) => h.length === '299 - ""'.length + 256));
  });
});

describe('request targets (Go url.ParseRequestURI)', () => {
  it('decodes the path and keeps "//x" a path', () => {
    assert.deepEqual(parseRequestTarget('/api/v1/namespaces/%64efault?a=b'), { path: '/api/v1/namespaces/default', query: new URLSearchParams('a=b') });
    assert.equal(parseRequestTarget('//api/v1')?.path, '//api/v1');
    assert.equal(parseRequestTarget('/a%2Fb')?.path, '/a/b');
    assert.equal(parseRequestTarget('/d%C3%BC')?.path, '/dü');
    assert.equal(parseRequestTarget('https://h:1/api?x=1')?.path, '/api');
    assert.equal(parseRequestTarget('*')?.path, '*');
  });
  it('refuses what Go refuses', () => {
    for (const bad of ['/%zz', '/%', '/a%2', 'api', '/a\u0000b', '/a\u007f', 'mailto:x']) assert.equal(parseRequestTarget(bad), undefined, bad);
  });
});

describe('JSON nesting depth (encoding/json scanner.go maxNestingDepth = 10000)', () => {
  it('allows 10000 levels, refuses 10001 with Go\'s message, ignores brackets in strings', () => {
    assert.equal(jsonDepthError('['.repeat(10000) + ']'.repeat(10000)), undefined);
    assert.equal(jsonDepthError('['.repeat(10001) + ']'.repeat(10001)), "invalid character '[' exceeded max depth");
    assert.equal(jsonDepthError('{"a":'.repeat(10001) + '1' + '}'.repeat(10001)), "invalid character '{' exceeded max depth");
    assert.equal(jsonDepthError(`["${'['.repeat(20000)}\\"${'{'.repeat(20000)}"]`), undefined);
  });
});

describe('YAML (goyaml decode.go excessive aliasing, anchors containing themselves, depth)', () => {
  const bomb = (fan: number) => {
    const lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array(fan).fill(`*a${i - 1}`).join(',')}]`);
    return lines.join('\n');
  };
  it('refuses an alias expansion bomb and accepts ordinary aliasing', () => {
    assert.throws(() => parseYaml(bomb(9)), /document contains excessive aliasing/);
    assert.throws(() => parseYamlAll(`a: 1\n---\n${bomb(9)}`), /document contains excessive aliasing/);
    const v = parseYaml('base: &b {p: 1, q: [1, 2]}\nuse1: *b\nuse2: *b\n') as Record<string, unknown>;
    assert.deepEqual(v.use2, { p: 1, q: [1, 2] });
    // 300 uses of one anchor: most nodes come from aliases, but under goyaml's 99%.
    const uses = Array.from({ length: 300 }, (_, i) => `u${i}: *b`).join('\n');
    assert.equal(Object.keys(parseYaml(`base: &b {p: 1, q: [1, 2]}\n${uses}\n`) as object).length, 301);
  });
  it('refuses an anchor that contains itself', () => {
    assert.throws(() => parseYaml('a: &a [1, *a]\n'), /anchor value contains itself/);
  });
  it('refuses deep nesting with a clear error, not a stack overflow', () => {
    assert.throws(() => parseYaml(`x: ${'['.repeat(100_000)}${']'.repeat(100_000)}`), /exceeded max depth of 1000/);
    assert.doesNotThrow(() => parseYaml(`x: ${'['.repeat(500)}${']'.repeat(500)}`));
  });
});

describe('Go\'s replies to requests its server cannot read (net/http server.go conn.serve)', () => {
  it('431 for oversized headers, 501 for transfer codings, 400 otherwise, nothing for dead peers', () => {
    assert.equal(clientErrorReply('HPE_HEADER_OVERFLOW'), 'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n431 Request Header Fields Too Large');
    assert.match(clientErrorReply('HPE_INVALID_TRANSFER_ENCODING', 'Request has invalid `Transfer-Encoding`')!, /^HTTP\/1\.1 501 Not Implemented\r\n[^]*\r\n\r\nUnsupported transfer encoding$/);
    assert.match(clientErrorReply('HPE_INVALID_TRANSFER_ENCODING', "Transfer-Encoding can't be present with Content-Length")!, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(clientErrorReply('HPE_INVALID_METHOD')!, /\r\n\r\n400 Bad Request$/);
    assert.equal(clientErrorReply('ECONNRESET'), undefined);
  });
});

describe('--max-request-body-bytes', () => {
  it('defaults to 3 MiB, parses, and refuses negative values', () => {
    assert.equal(parseFlags([]).options.maxRequestBodyBytes, 3 * 1024 * 1024);
    const { options } = parseFlags(['--max-request-body-bytes=1024']);
    assert.equal(options.maxRequestBodyBytes, 1024);
    assert.deepEqual(validateServerFlags(parseFlags(['--max-request-body-bytes=-1']).options).filter((e) => e.includes('body')), ['--max-request-body-bytes can not be negative value']);
  });
});
