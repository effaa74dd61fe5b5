import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ToastList } from '../../toasts/ToastList';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { ExplorePage } from '../ExplorePage';
import type { ExploreFeature } from '../explore.feature';

/** The address as the router has it, in an output (`screen.getByTestId('location')`); `onNavigate` gets a way to move. */
export function Where({ onNavigate }: { onNavigate?: (go: (to: string | number) => void) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  onNavigate?.((to) => act(() => void (typeof to === 'number' ? navigate(to) : navigate(to))));
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * The Explore page at `url` under /explore/. With `toasts`, the address (Where) and the toasts are shown
 * beside it; `children` adds routes.
 */
export function renderExploreAt(
  url: string,
  {
    explore,
    toasts,
    onNavigate,
    children,
  }: {
    explore: ExploreFeature;
    toasts?: ToastsFeature;
    onNavigate?: (go: (to: string | number) => void) => void;
    children?: ReactNode;
  },
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/explore/" element={<ExplorePage explore={explore} userName="Alpha" />} />
        {children}
      </Routes>
      {toasts && <Where onNavigate={onNavigate} />}
      {toasts && <ToastList toasts={toasts} />}
    </MemoryRouter>,
  );
}
