/** The spec's connection error types (sqllab-and-platform "Error types known") as the modal titles them. */
const TITLES: Record<string, string> = {
  CONNECTION_INVALID_USERNAME_ERROR: 'Unknown username',
  CONNECTION_INVALID_PASSWORD_ERROR: 'Wrong password',
  CONNECTION_ACCESS_DENIED_ERROR: 'Access denied: wrong username or password',
  CONNECTION_INVALID_HOSTNAME_ERROR: 'Unknown host',
  CONNECTION_PORT_CLOSED_ERROR: 'Port closed',
  CONNECTION_INVALID_PORT_ERROR: 'Invalid port',
  CONNECTION_HOST_DOWN_ERROR: 'Host down or unreachable',
  CONNECTION_UNKNOWN_DATABASE_ERROR: 'Unknown database',
  CONNECTION_DATABASE_PERMISSIONS_ERROR: 'Dangerous login',
  CONNECTION_MISSING_PARAMETERS_ERROR: 'Missing parameters',
};

export function connectionErrorTitle(errorType: string | null): string {
  return (errorType && TITLES[errorType]) || 'Connection failed';
}
