import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HomeObject, HomeOverview, HomeRecentItem } from '@strata/domain';

/** Tabs as Superset's Welcome page has them; which one is shown is how the page is looked at (React state). */
function Tabbed<K extends string>({
  label,
  tabs,
  children,
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  children: (tab: K) => ReactNode;
}) {
  const [tab, setTab] = useState<K>(tabs[0].key);
  return (
    <section className="card" aria-label={label}>
      <h2>{label}</h2>
      <div role="tablist" aria-label={label} className="home__tabs">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            className={tab === t.key ? 'home__tab active' : 'home__tab'}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">{children(tab)}</div>
    </section>
  );
}

const TYPE_LABEL: Record<HomeRecentItem['item_type'], string> = {
  dashboard: 'Dashboard',
  chart: 'Chart',
  saved_query: 'Saved query',
};
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const timeOf = (iso: string | null) => (iso ? `${when.format(new Date(iso))} UTC` : '');

const RECENT_TABS = [
  { key: 'viewed', label: 'Viewed' },
  { key: 'edited', label: 'Edited' },
  { key: 'created', label: 'Created' },
] as const;

export function Recents({ recents }: { recents: HomeRecentItem[] }) {
  return (
    <Tabbed label="Recents" tabs={RECENT_TABS}>
      {(action) => {
        const items = recents.filter((i) => i.action === action);
        if (items.length === 0) return <p className="muted">Nothing {action} yet.</p>;
        return (
          <ul className="home__list">
            {items.map((i) => (
              <li key={`${i.item_type}:${i.item_id}`}>
                <span className="badge">{TYPE_LABEL[i.item_type]}</span> <Link to={i.item_url}>{i.item_title}</Link>{' '}
                <span className="muted">{timeOf(i.time)}</span>
              </li>
            ))}
          </ul>
        );
      }}
    </Tabbed>
  );
}

function ObjectList({ objects, empty }: { objects: HomeObject[]; empty: string }) {
  if (objects.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="home__list">
      {objects.map((o) => (
        <li key={o.id}>
          <Link to={o.url}>{o.title}</Link> <span className="muted">{timeOf(o.changed_on)}</span>
        </li>
      ))}
    </ul>
  );
}

const OWN_TABS = [
  { key: 'favorite', label: 'Favorite' },
  { key: 'mine', label: 'Mine' },
] as const;

export function FavoritesAndMine({
  label,
  lists,
  noun,
  all,
}: {
  label: string;
  lists: { favorite: HomeObject[]; mine: HomeObject[] };
  noun: string;
  all: string;
}) {
  return (
    <Tabbed label={label} tabs={OWN_TABS}>
      {(tab) => (
        <>
          <ObjectList
            objects={lists[tab]}
            empty={
              tab === 'favorite' ? `No favorite ${noun} yet: star one to keep it here.` : `No ${noun} of yours yet.`
            }
          />
          <Link to={all}>View all »</Link>
        </>
      )}
    </Tabbed>
  );
}

/** For a user with nothing of their own yet (issue 15 item 6). */
export function GetStarted({ admin }: { admin: boolean }) {
  return (
    <section className="card" aria-label="Get started">
      <h2>Get started</h2>
      <ol className="home__steps">
        {admin && (
          <li>
            <Link to="/databaseview/list/">Connect a database</Link>: PostgreSQL or MySQL, then make datasets from its
            tables.
          </li>
        )}
        <li>
          <Link to="/tablemodelview/list/">Explore the examples</Link>: the example datasets below are ready to chart.
        </li>
        <li>
          <Link to="/sqllab/">Open SQL Lab</Link> to query the data directly.
        </li>
      </ol>
    </section>
  );
}

export function Overview({ overview }: { overview: HomeOverview }) {
  return (
    <>
      <Recents recents={overview.recents} />
      <FavoritesAndMine label="Dashboards" lists={overview.dashboards} noun="dashboards" all="/dashboard/list/" />
      <FavoritesAndMine label="Charts" lists={overview.charts} noun="charts" all="/chart/list/" />
      <FavoritesAndMine
        label="Saved queries"
        lists={overview.savedQueries}
        noun="saved queries"
        all="/sqllab/saved_queries/"
      />
    </>
  );
}
