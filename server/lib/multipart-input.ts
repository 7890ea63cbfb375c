import type { MultipartFile } from '@fastify/multipart';
import { errorText } from '../../contract/messages.ts';
import { AppError, badRequest } from './errors.ts';

/**
 * Reads a multipart body through `read`. busboy reports a missing or empty boundary and a body
 * cut off mid-part as plain errors with no status; those are the client's bad input and become
 * a 400. Errors that carry a status already (ours, @fastify/multipart's limits) pass through.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (
      error instanceof AppError ||
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
    ) {
      throw error;
    }
    throw badRequest(errorText.multipartInvalid);
  }
}

/**
 * The whole file, or a 413 when it went past its size limit. busboy marks such a file
 * `truncated` and @fastify/multipart can hand back the cut buffer without an error when the
 * limit and the last chunk race, so the flag is checked here every time.
 */
export async function wholeFile(part: MultipartFile, tooLarge: string): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw new AppError(413, tooLarge);
  return bytes;
}
