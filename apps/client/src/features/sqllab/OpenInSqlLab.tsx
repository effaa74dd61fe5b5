import { useNavigate } from 'react-router-dom';
import { sqlLabLinkState, type RequestedQuery } from './requested-query';

/** "Open in SQL Lab" beside a chart's query: a new SQL Lab tab with that SQL, on the chart's dataset's database. */
export function OpenInSqlLab({ query }: { query: RequestedQuery }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="link" onClick={() => navigate('/sqllab/', { state: sqlLabLinkState(query) })}>
      Open in SQL Lab
    </button>
  );
}
