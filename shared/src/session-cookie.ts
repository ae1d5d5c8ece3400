/**
 * A readable companion of the (httpOnly) session cookie, holding no secret: the browser asks for
 * the profile only when it is there, so a signed-out visitor's page sends no request that can
 * only answer 401 (which the browser logs as a console error). The server sets it with the
 * session, clears it with the session, and adds it to a session cookie set before it existed.
 */
export const SIGNED_IN_COOKIE = 'wishwell_signed_in';
