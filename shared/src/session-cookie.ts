/**
 * A readable companion of the (httpOnly) session cookie, holding no secret: the browser asks for
 * the profile only when it is there, so a signed-out visitor's page sends no request that can
 * only answer 401 (which the browser logs as a console error). The server sets it with the
 * session, clears it with the session, and adds it to a session cookie set before it existed.
 */
export const SIGNED_IN_COOKIE = 'wishwell_signed_in';

/**
 * Readable, set by the server when it refuses a session a backup's restore ended: the next page
 * says why the visitor was signed out and offers to sign in, then drops it. Kept a week at most.
 */
export const SESSION_ENDED_COOKIE = 'ww_session_ended';
export const SESSION_ENDED_NOTICE_SECONDS = 7 * 24 * 3600;
