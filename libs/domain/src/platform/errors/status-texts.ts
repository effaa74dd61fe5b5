/**
 * sqllab-and-platform §8 Status texts: what the UI says for an HTTP status when the response itself says nothing
 * readable. 599 is the status the client gives a request that never reached the server.
 */
export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  407: 'Proxy authentication required',
  408: 'Request timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length required',
  412: 'Precondition failed',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  417: 'Expectation failed',
  418: "I'm a teapot",
  500: 'Server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  505: 'HTTP version not supported',
  506: 'Variant also negotiates',
  507: 'Insufficient storage',
  508: 'Loop detected',
  509: 'Bandwidth limit exceeded',
  510: 'Not extended',
  511: 'Network authentication required',
  599: 'Network error',
};

export const UNKNOWN_STATUS_TEXT = 'Unknown error';

/** The status line the UI shows; 'Unknown error' for any status the catalogue does not list. */
export function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? UNKNOWN_STATUS_TEXT;
}

/** Status the client assigns to a request that got no response at all (spec: 599 Network error). */
export const NETWORK_ERROR_STATUS = 599;
