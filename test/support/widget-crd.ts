// The namespaced Widget CRD (one version v1, served and stored) that the fuzz, hostile-input
// and snapshot tests load, each in its own group and with its own schema properties.

import assert from 'node:assert/strict';
import { eventually, type TestServer } from './server.js';

export function widgetCrd(group: string, properties: Record<string, unknown>, labels?: Record<string, string>) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `widgets.${group}`, ...(labels ? { labels } : {}) },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties } } }],
    },
  };
}

/** Creates a Widget CRD (widgetCrd's) on the server and waits until its widgets are served. */
export async function installWidgets(srv: TestServer, crd: ReturnType<typeof widgetCrd>): Promise<void> {
  const created = await srv.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd });
  assert.equal(created.status, 201, created.text);
  await eventually(async () => (await srv.request('GET', `/apis/${crd.spec.group}/v1/widgets`)).status === 200);
}
