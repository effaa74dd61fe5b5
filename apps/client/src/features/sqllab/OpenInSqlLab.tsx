import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOptionalServices } from '../../app/services-context';
import { postForm } from '../api/post-form';
import { sqlLabLinkState, type RequestedQuery } from './requested-query';

/**
 * "Open in SQL Lab" beside a chart's query: a new SQL Lab tab with that SQL, on the chart's dataset's
 * database. A click moves this page there (router state); Ctrl/Cmd+click or a middle click opens a new
 * browser tab by posting the query as form_data (sqllab-and-platform §2), leaving the chart where it is.
 */
export function OpenInSqlLab({ query }: { query: RequestedQuery }) {
  const navigate = useNavigate();
  const http = useOptionalServices()?.http;
  const openApart = http ? () => void postForm(http, '/sqllab/', { form_data: JSON.stringify(query) }) : null;
  const onClick = (event: MouseEvent) => {
    if (openApart && (event.ctrlKey || event.metaKey)) openApart();
    else navigate('/sqllab/', { state: sqlLabLinkState(query) });
  };
  return (
    <button
      type="button"
      className="link"
      title={openApart ? 'Ctrl+click (Cmd+click) or middle-click opens it in a new browser tab' : undefined}
      onClick={onClick}
      onAuxClick={(event) => event.button === 1 && openApart?.()}
    >
      Open in SQL Lab
    </button>
  );
}
