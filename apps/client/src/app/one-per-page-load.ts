import type { TimeTravelSource } from '../features/timetravel/time-travel';
import type { AppServices } from './services';

/**
 * A lazily loaded page's feature, made the first time the page opens, once per page load, and joined to
 * time travel then: creating it in app/services would pull the page into the first bundle, and a second
 * feature would split the page's log in two. `stores` names every store the feature keeps (its own store
 * by default).
 */
export function onePerPageLoad<F extends { store: TimeTravelSource }>(
  create: (services: AppServices) => F,
): (services: AppServices) => F;
export function onePerPageLoad<F>(
  create: (services: AppServices) => F,
  stores: (feature: F) => TimeTravelSource[],
): (services: AppServices) => F;
export function onePerPageLoad<F>(
  create: (services: AppServices) => F,
  stores: (feature: F) => TimeTravelSource[] = (feature) => [(feature as { store: TimeTravelSource }).store],
): (services: AppServices) => F {
  const made = new WeakMap<AppServices, F>();
  return (services) => {
    let feature = made.get(services);
    if (feature === undefined) {
      feature = create(services);
      for (const store of stores(feature)) services.timeTravel.register(store);
      made.set(services, feature);
    }
    return feature;
  };
}
