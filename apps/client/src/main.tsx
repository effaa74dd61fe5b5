import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './app/routes';
import { createAppServices } from './app/services';
import { ServicesProvider } from './app/services-context';
import { bindTimeTravelShortcut, debugRequested } from './features/timetravel/shortcut';
import { routerPaths$ } from './features/userlog/user-log-wiring';
import './app/global.css';

const services = createAppServices({ debug: debugRequested(window.location.search) });
const router = createBrowserRouter(appRoutes);
services.trackPaths(routerPaths$(router));
bindTimeTravelShortcut(services.timeTravel);
services.session.check();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServicesProvider value={services}>
      <RouterProvider router={router} />
    </ServicesProvider>
  </StrictMode>,
);
