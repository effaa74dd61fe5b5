import { useEffect, useState } from 'react';
import { toClientError } from '../api/api-error';

export type Past<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

/**
 * What the server says an object was at a step (`?as_of=`), read once per key. A view-only read: it is
 * how the page is looked at, not a fact of the replay's log.
 */
export function usePast<T>(key: string, read: () => Promise<T>): Past<T> {
  const [past, setPast] = useState<{ key: string; past: Past<T> }>({ key, past: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    read().then(
      (value) => live && setPast({ key, past: { status: 'ready', value } }),
      (error: unknown) => live && setPast({ key, past: { status: 'failed', message: toClientError(error).message } }),
    );
    return () => {
      live = false;
    };
    // The key names what is read; `read` is a new closure every render.
  }, [key]);
  return past.key === key ? past.past : { status: 'loading' };
}
