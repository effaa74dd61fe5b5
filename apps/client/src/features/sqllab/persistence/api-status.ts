import { ApiError } from '../../api/api-error';

/** The HTTP status of a failed request; 0 when the server was not reached (offline). */
export const apiStatus = (thrown: unknown) => (thrown instanceof ApiError ? thrown.error.status : 0);
