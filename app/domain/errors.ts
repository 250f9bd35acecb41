/**
 * The one error type of the domain. Services throw it; the API's error handler
 * turns it into `{ message, errors? }` with its status (docs/api.md#errors). The
 * message is a translation key or one of the business messages of docs/validation.md#messages.
 */
export class AppError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 500 | 502 | 503,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = () => new AppError(404, "errors.not-found");
export const forbidden = () => new AppError(403, "errors.forbidden");
export const unauthenticated = () => new AppError(401, "errors.not-authenticated");
