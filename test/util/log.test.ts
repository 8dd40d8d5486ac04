import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, goQuote, type LogSink } from '../../src/util/log.js';

function sink(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (s: string) => lines.push(s) };
}

// 2024-11-21 09:42:11.123456 local time
const fixed = new Date(2024, 10, 21, 9, 42, 11, 123).getTime() + 0.456;

test('klog text format: header, quoted message, key/values', () => {
  const out = sink();
  const log = createLogger({ stream: out, now: () => fixed });
  log.info('Serving securely', { address: '127.0.0.1:6443', port: 6443, tls: true });
  assert.equal(out.lines.length, 1);
  const pid = String(process.pid).padStart(7, ' ');
  assert.equal(out.lines[0], `I1121 09:42:11.123456 ${pid} skiff] "Serving securely" address="127.0.0.1:6443" port=6443 tls=true\n`);
});

test('error lines carry severity E and err=', () => {
  const out = sink();
  const log = createLogger({ stream: out, now: () => fixed });
  log.error('Unable to authenticate the request', new Error('invalid bearer token'), { user: 'x' });
  log.warning('careful');
  log.error('no error value');
  assert.match(out.lines[0]!, /^E1121 09:42:11\.123456 +\d+ skiff\] "Unable to authenticate the request" err="invalid bearer token" user="x"\n$/);
  assert.match(out.lines[1]!, /^W1121 .* skiff\] "careful"\n$/);
  assert.match(out.lines[2]!, /skiff\] "no error value"\n$/);
});

test('verbosity gates v(level) messages', () => {
  const out = sink();
  const log = createLogger({ verbosity: 2, stream: out });
  assert.equal(log.v(2).enabled, true);
  assert.equal(log.v(3).enabled, false);
  log.v(1).info('one');
  log.v(2).info('two');
  log.v(3).info('three');
  log.v(10).info('ten');
  assert.deepEqual(
    out.lines.map((l) => /"(\w+)"/.exec(l)![1]),
    ['one', 'two'],
  );
});

test('multi-line strings and objects', () => {
  const out = sink();
  const log = createLogger({ stream: out });
  log.info('m', { text: 'a\nb', obj: { k: [1, 2] }, nothing: null });
  assert.ok(out.lines[0]!.endsWith('"m" text=<\n\ta\n\tb\n > obj={"k":[1,2]} nothing=<nil>\n'), out.lines[0]);
});

test('JSON lines', () => {
  const out = sink();
  const log = createLogger({ verbosity: 4, json: true, stream: out, now: () => 1700000000000.25 }).withValues({ component: 'authn' });
  log.v(4).info('hello', { n: 1 });
  log.error('bad', new Error('boom'));
  const a = JSON.parse(out.lines[0]!);
  const b = JSON.parse(out.lines[1]!);
  assert.deepEqual(a, { ts: 1700000000000.25, v: 4, msg: 'hello', component: 'authn', n: 1 });
  assert.deepEqual(b, { ts: 1700000000000.25, msg: 'bad', err: 'boom', component: 'authn' });
});

test('goQuote follows strconv.Quote', () => {
  assert.equal(goQuote('plain'), '"plain"');
  assert.equal(goQuote('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(goQuote('tab\there\nnl'), '"tab\\there\\nnl"');
  assert.equal(goQuote('\x00\x7f'), '"\\x00\\x7f"');
  assert.equal(goQuote('héllo ✓'), '"héllo ✓"');
});
