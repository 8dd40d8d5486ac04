# Drives skiff with the official Python client (python3-kubernetes 22.6): CRUD, list,
# watch resumed from a resourceVersion, and errors surfaced as ApiException.
# Prints one JSON document of observations for the node test to assert on.
import json
import sys

from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

config.load_kube_config(config_file=sys.argv[1])
core = client.CoreV1Api()
apps = client.AppsV1Api()
out = {}
ns = "py"

core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=ns)))
created = core.create_namespaced_config_map(ns, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="c1", labels={"app": "py"}), data={"a": "1"}))
out["created_rv"] = created.metadata.resource_version
got = core.read_namespaced_config_map("c1", ns)
out["got_data"] = got.data
patched = core.patch_namespaced_config_map("c1", ns, {"data": {"b": "2"}})
out["patched_data"] = patched.data
patched.data = {"c": "3"}
replaced = core.replace_namespaced_config_map("c1", ns, patched)
out["replaced_data"] = replaced.data
core.create_namespaced_config_map(ns, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="c2", labels={"app": "py"})))
listed = core.list_namespaced_config_map(ns, label_selector="app=py")
out["listed"] = sorted(i.metadata.name for i in listed.items)
list_rv = listed.metadata.resource_version

dep = apps.create_namespaced_deployment(ns, {
    "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
    "spec": {"selector": {"matchLabels": {"app": "d"}}, "template": {"metadata": {"labels": {"app": "d"}}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}},
})
out["deployment_replicas"] = dep.spec.replicas
scale = apps.patch_namespaced_deployment_scale("d", ns, {"spec": {"replicas": 3}})
out["scaled"] = scale.spec.replicas

# Changes after the list, then a watch resumed from the list's resourceVersion sees exactly them.
core.patch_namespaced_config_map("c2", ns, {"data": {"x": "y"}})
core.delete_namespaced_config_map("c1", ns)
events = []
w = watch.Watch()
for ev in w.stream(core.list_namespaced_config_map, ns, label_selector="app=py", resource_version=list_rv, timeout_seconds=2):
    events.append([ev["type"], ev["object"].metadata.name])
    if len(events) == 2:
        w.stop()
out["watch_events"] = events

errors = {}
for name, call in {
    "get_missing": lambda: core.read_namespaced_config_map("nope", ns),
    "create_duplicate": lambda: core.create_namespaced_config_map(ns, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="c2"))),
    "invalid_name": lambda: core.create_namespaced_config_map(ns, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="Bad_Name"))),
    "stale_update": lambda: core.replace_namespaced_config_map("c2", ns, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="c2", resource_version=out["created_rv"]))),
}.items():
    try:
        call()
        errors[name] = None
    except ApiException as e:
        body = json.loads(e.body)
        errors[name] = [e.status, body.get("reason"), body.get("message")]
out["errors"] = errors

status = core.delete_namespaced_config_map("c2", ns, body=client.V1DeleteOptions(propagation_policy="Background", grace_period_seconds=0))
out["delete_status"] = status.status
print(json.dumps(out))
