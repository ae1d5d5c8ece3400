/** An error whose message is safe to show to the client, with the HTTP status (and any headers) to answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new ApiError(403, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
/** Also closes the connection, so a client still sending the rest is cut off instead of drained. */
export const payloadTooLarge = (message = 'The request is too large.') => new ApiError(413, message, { connection: 'close' });
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooManyRequests = (message = 'Too many requests, please try again later.', retryAfterSeconds?: number) =>
  new ApiError(429, message, retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.ceil(retryAfterSeconds)) });

/** PostgreSQL cannot store the NUL character in text, so no request body or restored row may hold one. */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';
