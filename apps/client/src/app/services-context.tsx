import { createContext, useContext } from 'react';
import type { AppServices } from './services';

const ServicesContext = createContext<AppServices | null>(null);

export const ServicesProvider = ServicesContext.Provider;

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

/** The page's services where a component may also render without them (component specs). */
export function useOptionalServices(): AppServices | null {
  return useContext(ServicesContext);
}
