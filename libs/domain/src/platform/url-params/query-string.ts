/**
 * Query strings as ordered (key, value) pairs, without `window` or `location`: the caller passes the
 * search string or a URLSearchParams, which both the browser and Node provide. The encoding is the
 * form encoding URLSearchParams uses, so both directions agree with it.
 */
export type ParamPair = readonly [key: string, value: string];

/** Anything with URLSearchParams' forEach; URLSearchParams itself fits. */
export interface ParamsLike {
  forEach(callback: (value: string, key: string) => void): void;
}

export type ParamsInput = string | ParamsLike | readonly ParamPair[];

export function toParamPairs(input: ParamsInput): ParamPair[] {
  if (typeof input === 'string') return parseQueryString(input);
  if (Array.isArray(input)) return [...(input as readonly ParamPair[])];
  const pairs: ParamPair[] = [];
  (input as ParamsLike).forEach((value, key) => pairs.push([key, value]));
  return pairs;
}

/** First value of a parameter, or null when absent (URLSearchParams.get semantics). */
export function getParam(input: ParamsInput, key: string): string | null {
  return toParamPairs(input).find(([k]) => k === key)?.[1] ?? null;
}

export function parseQueryString(search: string): ParamPair[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part): ParamPair => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

export function toQueryString(pairs: readonly ParamPair[]): string {
  return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray '%' in a hand-typed URL: keep the text as typed rather than drop the parameter.
    return spaced;
  }
}

function encode(text: string): string {
  // Form encoding as URLSearchParams writes it: spaces as '+', and !'()~ escaped too.
  return encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
