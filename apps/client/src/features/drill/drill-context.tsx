import { createContext, useContext, type ReactNode } from 'react';
import { useOptionalServices } from '../../app/services-context';
import type { AppServices } from '../../app/services';
import { createDrill, type DrillFeature } from './drill.feature';

const DrillContext = createContext<DrillFeature | null>(null);

/** Gives the chart menus and the drill modals a drill feature (component specs; the app uses its services'). */
export function DrillProvider({ drill, children }: { drill: DrillFeature; children: ReactNode }) {
  return <DrillContext.Provider value={drill}>{children}</DrillContext.Provider>;
}

// One drill store per page's services, made the first time a chart is drilled into and listed in the
// time-travel panel from then on.
const perServices = new WeakMap<AppServices, DrillFeature>();

export function drillOf(services: AppServices): DrillFeature {
  let drill = perServices.get(services);
  if (!drill) {
    drill = createDrill({ context: services.context, http: services.http });
    services.timeTravel.register(drill.store);
    perServices.set(services, drill);
  }
  return drill;
}

/** The drill feature of this part of the page, or null where there is none (a component rendered alone). */
export function useDrill(): DrillFeature | null {
  const provided = useContext(DrillContext);
  const services = useOptionalServices();
  return provided ?? (services ? drillOf(services) : null);
}
