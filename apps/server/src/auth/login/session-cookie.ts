/** The session cookie's attributes: HttpOnly (no script can read it), SameSite=Lax, Secure over HTTPS. */
import { stringifySetCookie } from 'cookie';
import { isHttps, type HttpRequest, type HttpResponse } from '../http-request';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../sessions/session.service';

export function setSessionCookie(req: HttpRequest, res: HttpResponse, value: string): void {
  res.setHeader(
    'Set-Cookie',
    stringifySetCookie(SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: SESSION_TTL_SECONDS,
      // Not always on: a plain-HTTP localhost install would otherwise never keep the cookie.
      secure: isHttps(req),
    }),
  );
}

export function clearSessionCookie(req: HttpRequest, res: HttpResponse): void {
  res.setHeader(
    'Set-Cookie',
    stringifySetCookie(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 0,
      expires: new Date(0),
      secure: isHttps(req),
    }),
  );
}
