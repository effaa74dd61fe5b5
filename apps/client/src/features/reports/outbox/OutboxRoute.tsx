import { onePerPageLoad } from '../../../app/one-per-page-load';
import { useServices } from '../../../app/services-context';
import { createOutbox } from './outbox.feature';
import { OutboxPage } from './OutboxPage';

const outboxFor = onePerPageLoad((services) => createOutbox(services.context, services.http));

/** `/report/outbox/`. */
export default function OutboxRoute() {
  return <OutboxPage outbox={outboxFor(useServices())} />;
}
