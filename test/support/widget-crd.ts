// The namespaced Widget CRD (one version v1, served and stored) that the fuzz, hostile-input
// and snapshot tests load, each in its own group and with its own schema properties.

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
