import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_LIMITS,
  FEEDBACK_TYPES,
} from '../../../contract/feedback.ts';
import type { FeedbackItem, FeedbackList } from '../../../contract/feedback.ts';
import { errorText } from '../../../contract/messages.ts';
import { badRequest, AppError } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { FeedbackRepository, FeedbackRow } from './feedback-repository.ts';
import { detectScreenshotFormat } from './image-type.ts';

export interface FeedbackForm {
  fields: Record<string, string>;
  screenshots: Buffer[];
}

/** Screenshot URLs carry a random 128-bit name: only who was given the list can find one. */
export const SCREENSHOT_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;
export const screenshotUrl = (name: string) => `/api/feedback/screenshots/${name}`;

const charCount = (text: string) => [...text].length;

/** Accepts the stable code or the label the form shows; a missing type is the default. */
function feedbackType(value: string | undefined) {
  if (value === undefined) return DEFAULT_FEEDBACK_TYPE;
  const type = FEEDBACK_TYPES.find((entry) => entry.code === value || entry.label === value);
  if (!type) throw badRequest(errorText.feedbackTypeRequired);
  return type.code;
}

const typeLabel = (code: string) =>
  FEEDBACK_TYPES.find((entry) => entry.code === code)?.label ?? code;

function presentFeedback(row: FeedbackRow): FeedbackItem {
  const id = toApiId(row.id);
  const names = JSON.parse(row.screenshots) as string[];
  return {
    _id: id,
    id,
    type: row.type,
    typeLabel: typeLabel(row.type),
    content: row.content,
    contactInfo: row.contact_info,
    user:
      row.user_id !== null && row.username !== null
        ? { _id: toApiId(row.user_id), id: toApiId(row.user_id), username: row.username }
        : null,
    screenshots: names.map(screenshotUrl),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createFeedbackService(deps: { feedback: FeedbackRepository; directory: string }) {
  const { feedback, directory } = deps;

  return {
    directory,

    /** SPEC.md section 5's rules, checked again on the server; nothing is stored unless all pass. */
    async submit(userId: number | null, form: FeedbackForm): Promise<number> {
      const type = feedbackType(form.fields.type);
      const content = (form.fields.content ?? '').trim();
      if (!content) throw badRequest(errorText.feedbackContentRequired);
      if (charCount(content) > FEEDBACK_LIMITS.contentMax) {
        throw badRequest(errorText.feedbackContentTooLong);
      }
      const contactInfo = (form.fields.contactInfo ?? '').trim() || null;
      if (contactInfo && charCount(contactInfo) > FEEDBACK_LIMITS.contactMax) {
        throw badRequest(errorText.feedbackContactTooLong);
      }
      if (form.screenshots.length > FEEDBACK_LIMITS.screenshotsMax) {
        throw badRequest(errorText.feedbackTooManyScreenshots);
      }
      const files = form.screenshots.map((bytes) => {
        if (bytes.length >= FEEDBACK_LIMITS.screenshotBytesMax) {
          throw new AppError(413, errorText.uploadTooLarge);
        }
        const format = detectScreenshotFormat(bytes);
        if (!format) throw badRequest(errorText.feedbackImageOnly);
        return { bytes, name: `${randomBytes(16).toString('hex')}.${format}` };
      });
      if (files.length > 0) await mkdir(directory, { recursive: true });
      for (const file of files) await writeFile(path.join(directory, file.name), file.bytes);
      return feedback.insert({
        userId,
        type,
        content,
        contactInfo,
        screenshots: files.map((file) => file.name),
      });
    },

    async list(query: { page?: number; limit?: number }): Promise<FeedbackList> {
      const window = pageWindow(query);
      const [rows, total] = await Promise.all([feedback.list(window), feedback.count()]);
      return {
        feedback: rows.map(presentFeedback),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },
  };
}
