import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { BehaviorSubject } from 'rxjs';
import { ServicesProvider } from '../../app/services-context';
import type { AppServices } from '../../app/services';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createErrors } from '../errors/errors.feature';
import { TimeTravel } from '../timetravel/time-travel';
import { createToasts } from '../toasts/toasts.feature';
import { LiveSqlLabPage } from './LiveSqlLabPage';
import { createSqlLab } from './sqllab.feature';
import { sqlLabTestApi } from './testing/sqllab-test-api';

// Issue 13, "Report a bug": while SQL Lab is on screen, the bug report carries the user's SQL Lab tabs
// as the server keeps them (`tabstate:<user id>`), and stops naming them when the page is left.

it("names the signed-in user's tab-state stream while SQL Lab is on screen", async () => {
  const server = await new TestServer(sqlLabTestApi().handler).start();
  const context = createTestContext();
  const toasts = createToasts(context);
  const sqllab = createSqlLab({
    context,
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    storage: localStorage,
    backendPersistence: false,
  });
  const timeTravel = new TimeTravel();
  const liveState$ = new BehaviorSubject({ user: { id: 42 } });
  // Only what the page reads of the app's services: the time-travel panel and the signed-in user.
  const services = { timeTravel, session: { store: { liveState$ } } } as unknown as AppServices;
  const page = render(
    <ServicesProvider value={services}>
      <MemoryRouter initialEntries={['/sqllab/']}>
        <LiveSqlLabPage sqllab={sqllab} />
      </MemoryRouter>
    </ServicesProvider>,
  );
  await screen.findByTestId('sql-editor', {}, { timeout: 30_000 });
  expect(timeTravel.streamsOnScreen()).toEqual(['tabstate:42']);

  page.unmount();
  expect(timeTravel.streamsOnScreen()).toEqual([]);
  sqllab.dispose();
  toasts.dispose();
  timeTravel.dispose();
  await server.stop();
});
