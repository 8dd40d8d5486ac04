// The ClusterRole aggregation controller (upstream pkg/controller/clusterroleaggregation) on a
// real server: admin/edit/view aggregate the default aggregate-to-* roles, and follow changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startTestServer } from '../support/server.js';

const CR = '/apis/rbac.authorization.k8s.io/v1/clusterroles';

test('view, edit and admin aggregate their parts; a new aggregate-to-view role extends all three, and leaves when unlabelled', async () => {
  const srv = await startTestServer();
  try {
    const rulesOf = async (name: string) => (await srv.request('GET', `${CR}/${name}`)).json().rules ?? [];
    const grants = (rules: any[], group: string, resource: string, verb: string) =>
      rules.some((r) => r.apiGroups?.includes(group) && r.resources?.includes(resource) && r.verbs.includes(verb));
    // The controller fills the three roles one after another: wait for each, not just one.
    const aggregateToView = (await srv.request('GET', `${CR}/system:aggregate-to-view`)).json().rules;
    for (const name of ['view', 'edit', 'admin']) {
      await eventually(async () => (await rulesOf(name)).length > 0, 10_000, `${name} to be aggregated`);
    }
    const view = await rulesOf('view');
    assert.deepEqual(view, aggregateToView);
    const edit = await rulesOf('edit');
    assert.ok(grants(edit, '', 'secrets', 'create') && grants(edit, 'apps', 'deployments', 'get'));
    const admin = await rulesOf('admin');
    assert.ok(grants(admin, 'rbac.authorization.k8s.io', 'roles', 'create') && grants(admin, '', 'pods', 'get'));
    assert.ok(!grants(view, '', 'secrets', 'get'), 'view does not read secrets');
    const viewObj = (await srv.request('GET', `${CR}/view`)).json();
    assert.ok(viewObj.metadata.managedFields.some((m: any) => m.manager === 'clusterrole-aggregation-controller' && m.operation === 'Apply'));

    const widgets = { verbs: ['get', 'list', 'watch'], apiGroups: ['example.com'], resources: ['widgets'] };
    const created = await srv.request('POST', CR, {
      body: { metadata: { name: 'widget-viewer', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }, rules: [widgets] },
    });
    assert.equal(created.status, 201, created.text);
    for (const name of ['view', 'edit', 'admin']) {
      await eventually(async () => (await rulesOf(name)).some((r: any) => r.apiGroups?.includes('example.com')), 10_000, `${name} to gain widgets`);
    }
    const patched = await srv.request('PATCH', `${CR}/widget-viewer`, {
      raw: JSON.stringify({ metadata: { labels: { 'rbac.authorization.k8s.io/aggregate-to-view': null } } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(patched.status, 200, patched.text);
    await eventually(async () => !(await rulesOf('admin')).some((r: any) => r.apiGroups?.includes('example.com')), 10_000, 'admin to lose widgets');
    assert.ok(!(await rulesOf('view')).some((r: any) => r.apiGroups?.includes('example.com')));
  } finally {
    await srv.close();
  }
});
