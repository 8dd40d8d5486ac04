// events.k8s.io/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { int32, microTime, object, string, time, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';
import { EventSource, ObjectReference } from './core.js';

const G = 'io.k8s.api.events.v1.';

export const EventSeries = object(G + 'EventSeries', {
  count: int32().proto(1).required().keepEmpty().doc('count is the number of occurrences in this series up to the last heartbeat time.'),
  lastObservedTime: microTime().proto(2).required().keepEmpty().doc('lastObservedTime is the time when last Event from the series was seen before last heartbeat.'),
}, { description: 'EventSeries contain information on series of events, i.e. thing that was/is happening continuously for some time. How often to update the EventSeries is up to the event reporters. The default event reporter in "k8s.io/client-go/tools/events/event_broadcaster.go" shows how this struct is updated on heartbeats and can guide customized reporter implementations.' });

export const Event = object(G + 'Event', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).keepEmpty().doc("Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"),
  eventTime: microTime().proto(2).required().keepEmpty().doc('eventTime is the time when this Event was first observed. It is required.'),
  series: EventSeries.proto(3).optional().doc("series is data about the Event series this event represents or nil if it's a singleton Event."),
  reportingController: string().proto(4).doc('reportingController is the name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`. This field cannot be empty for new Events.'),
  reportingInstance: string().proto(5).doc('reportingInstance is the ID of the controller instance, e.g. `kubelet-xyzf`. This field cannot be empty for new Events and it can have at most 128 characters.'),
  action: string().proto(6).doc('action is what action was taken/failed regarding to the regarding object. It is machine-readable. This field cannot be empty for new Events and it can have at most 128 characters.'),
  reason: string().proto(7).doc('reason is why the action was taken. It is human-readable. This field cannot be empty for new Events and it can have at most 128 characters.'),
  regarding: ObjectReference.proto(8).doc("regarding contains the object this Event is about. In most cases it's an Object reporting controller implements, e.g. ReplicaSetController implements ReplicaSets and this event is emitted because it acts on some changes in a ReplicaSet object."),
  related: ObjectReference.proto(9).optional().doc('related is the optional secondary object for more complex actions. E.g. when regarding object triggers a creation or deletion of related object.'),
  note: string().proto(10).doc('note is a human-readable description of the status of this operation. Maximal length of the note is 1kB, but libraries should be prepared to handle values up to 64kB.'),
  type: string().proto(11).doc('type is the type of this event (Normal, Warning), new types could be added in the future. It is machine-readable. This field cannot be empty for new Events.'),
  deprecatedSource: EventSource.proto(12).doc('deprecatedSource is the deprecated field assuring backward compatibility with core.v1 Event type.'),
  deprecatedFirstTimestamp: time().proto(13).doc('deprecatedFirstTimestamp is the deprecated field assuring backward compatibility with core.v1 Event type.'),
  deprecatedLastTimestamp: time().proto(14).doc('deprecatedLastTimestamp is the deprecated field assuring backward compatibility with core.v1 Event type.'),
  deprecatedCount: int32().proto(15).doc('deprecatedCount is the deprecated field assuring backward compatibility with core.v1 Event type.'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'events.k8s.io', kind: 'Event', version: 'v1' }] }, description: "Event is a report of an event somewhere in the cluster. It generally denotes some state change in the system. Events have a limited retention time and triggers and messages may evolve with time.  Event consumers should not rely on the timing of an event with a given Reason reflecting a consistent underlying trigger, or the continued existence of events with that Reason.  Events should be treated as informative, best-effort, supplemental data." });

export const eventsSchemas: Record<string, ObjectType> = { Event };
