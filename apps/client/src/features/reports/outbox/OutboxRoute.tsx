import type { AppServices } from '../../../app/services';
import { useServices } from '../../../app/services-context';
import { createOutbox, type OutboxFeature } from './outbox.feature';
import { OutboxPage } from './OutboxPage';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, OutboxFeature>();

function outboxFor(services: AppServices): OutboxFeature {
  let feature = features.get(services);
  if (!feature) {
    feature = createOutbox(services.context, services.http);
    services.timeTravel.register(feature.store);
    features.set(services, feature);
  }
  return feature;
}

/** `/report/outbox/`. */
export default function OutboxRoute() {
  return <OutboxPage outbox={outboxFor(useServices())} />;
}
