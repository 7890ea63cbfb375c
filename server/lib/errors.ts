import { errorText } from '../../contract/messages.ts';

/** A failure the client may see: its status and Chinese message go out as `{error}`. */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    headers: Record<string, string> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string = errorText.badRequest) => new AppError(400, message);
export const unauthorized = (message: string = errorText.loginRequired) =>
  new AppError(401, message);
export const forbidden = (message: string = errorText.forbidden) => new AppError(403, message);
export const notFound = (message: string = errorText.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/**
 * A request given up because its client hung up (nginx logs such as 499). Nobody reads the
 * answer; its text is the one a client refused for load would have had.
 */
export const clientClosedRequest = () => new AppError(499, errorText.tooManyRequests);
