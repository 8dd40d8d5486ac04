import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTokenFile, parseTokenFile } from '../../src/authn/index.js';
import { readCsv } from '../../src/authn/csv.js';

test('records: token, user, uid and an optional quoted group list', async () => {
  const text = [
    'tok-a,alice,uid-a',
    'tok-b,bob,uid-b,"dev,ops"',
    '',
    'tok-c,carol,,single,ignored,columns',
    'tok-d,dave,uid-d,',
  ].join('\r\n') + '\n';
  const a = parseTokenFile(text, '/tokens.csv');
  assert.equal(a.size, 4);
  assert.deepEqual(await a.authenticateToken('tok-a'), { username: 'alice', uid: 'uid-a', groups: [] });
  assert.deepEqual(await a.authenticateToken('tok-b'), { username: 'bob', uid: 'uid-b', groups: ['dev', 'ops'] });
  assert.deepEqual(await a.authenticateToken('tok-c'), { username: 'carol', groups: ['single'] });
  // Upstream splits an empty fourth column into one empty group name.
  assert.deepEqual(await a.authenticateToken('tok-d'), { username: 'dave', uid: 'uid-d', groups: [''] });
  assert.equal(await a.authenticateToken('tok-x'), null);
  assert.equal(await a.authenticateToken('tok-'), null);
});

test('fewer than three columns is an error', () => {
  assert.throws(() => parseTokenFile('tok,alice\n', '/t.csv'), {
    message: "token file '/t.csv' must have at least 3 columns (token, user name, user uid), found 2",
  });
});

test('empty tokens are skipped and duplicates replace earlier ones, with warnings', async () => {
  const warnings: string[] = [];
  const a = parseTokenFile(',nobody,0\nt,first,1\nt,second,2\n', '/t.csv', (m) => warnings.push(m));
  assert.deepEqual(warnings, [
    "empty token has been found in token file '/t.csv', record number '1'",
    "duplicate token has been found in token file '/t.csv', record number '3'",
  ]);
  assert.equal((await a.authenticateToken('t'))?.username, 'second');
  assert.equal(await a.authenticateToken(''), null);
});

test('malformed CSV fails like encoding/csv', () => {
  assert.throws(() => parseTokenFile('ok,a,1\ntok,al"ice,1\n', '/t.csv'), { message: 'parse error on line 2, column 7: bare " in non-quoted field' });
  assert.throws(() => parseTokenFile('tok,"alice"x,1\n', '/t.csv'), { message: 'parse error on line 1, column 11: extraneous or missing " in quoted-field' });
  assert.throws(() => parseTokenFile('tok,"alice,1\nnext\n', '/t.csv'), { message: 'record on line 1; parse error on line 2, column 5: extraneous or missing " in quoted-field' });
});

test('csv reader: quoted newlines, doubled quotes, empty fields', () => {
  assert.deepEqual(readCsv('a,"b\nc","d""e",\n\n"",x'), [['a', 'b\nc', 'd"e', ''], ['', 'x']]);
});

test('loading from disk', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'skiff-tokens-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'tokens.csv');
  await writeFile(path, 'secret,admin,1,system:masters\n');
  assert.deepEqual(await loadTokenFile(path).authenticateToken('secret'), { username: 'admin', uid: '1', groups: ['system:masters'] });
  assert.throws(() => loadTokenFile(join(dir, 'missing.csv')), { message: `open ${join(dir, 'missing.csv')}: no such file or directory` });
});
