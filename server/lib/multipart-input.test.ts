import { PassThrough } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { AppError } from './errors.ts';
import { readMultipart, wholeFile } from './multipart-input.ts';

/** A part as @fastify/multipart hands it over when the size limit lost the race. */
function part(bytes: Buffer, truncated: boolean): MultipartFile {
  const file = Object.assign(new PassThrough(), { truncated, bytesRead: bytes.length });
  return { file, toBuffer: () => Promise.resolve(bytes) } as unknown as MultipartFile;
}

describe('multipart input', () => {
  it('refuses a file cut at its size limit even when no error was raised', async () => {
    await expect(wholeFile(part(Buffer.from('abc'), false), 'too large')).resolves.toEqual(
      Buffer.from('abc'),
    );
    await expect(wholeFile(part(Buffer.from('abc'), true), 'too large')).rejects.toMatchObject({
      status: 413,
      message: 'too large',
    });
  });

  it('turns the parser’s own errors into a 400 and keeps errors that carry a status', async () => {
    await expect(
      readMultipart(() => Promise.reject(new Error('Multipart: Boundary not found'))),
    ).rejects.toMatchObject({ status: 400, message: errorText.multipartInvalid });
    const ours = new AppError(413, errorText.uploadTooLarge);
    await expect(readMultipart(() => Promise.reject(ours))).rejects.toBe(ours);
  });
});
