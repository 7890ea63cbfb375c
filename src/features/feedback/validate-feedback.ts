import { FEEDBACK_IMAGE_TYPES, FEEDBACK_LIMITS, FEEDBACK_TYPES } from '../../../contract/feedback';
import type { FeedbackTypeCode } from '../../../contract/feedback';
import { errorText } from '../../../contract/page-messages';

export interface FeedbackValues {
  type: FeedbackTypeCode | '';
  content: string;
  contactInfo: string;
  screenshots: File[];
}

export type FeedbackErrors = Partial<
  Record<'type' | 'content' | 'contactInfo' | 'screenshots', string>
>;

const charCount = (text: string) => [...text].length;

/** SPEC.md section 5: jpeg, jpg, png, gif or webp, each under 5 MB. */
export function screenshotError(file: File): string | null {
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return errorText.feedbackImageOnly;
  }
  if (file.size >= FEEDBACK_LIMITS.screenshotBytesMax) return errorText.uploadTooLarge;
  return null;
}

/** Adds picked files to the chosen ones: the first refused file stops it, at most 3 are kept. */
export function addScreenshots(
  chosen: File[],
  picked: File[],
): { screenshots: File[]; error: string | null } {
  for (const file of picked) {
    const error = screenshotError(file);
    if (error) return { screenshots: chosen, error };
  }
  const screenshots = [...chosen, ...picked];
  if (screenshots.length > FEEDBACK_LIMITS.screenshotsMax) {
    return {
      screenshots: screenshots.slice(0, FEEDBACK_LIMITS.screenshotsMax),
      error: errorText.feedbackTooManyScreenshots,
    };
  }
  return { screenshots, error: null };
}

export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!FEEDBACK_TYPES.some((type) => type.code === values.type)) {
    errors.type = errorText.feedbackTypeRequired;
  }
  const content = values.content.trim();
  if (!content) errors.content = errorText.feedbackContentRequired;
  else if (charCount(content) > FEEDBACK_LIMITS.contentMax) {
    errors.content = errorText.feedbackContentTooLong;
  }
  if (charCount(values.contactInfo.trim()) > FEEDBACK_LIMITS.contactMax) {
    errors.contactInfo = errorText.feedbackContactTooLong;
  }
  const badFile = values.screenshots.map(screenshotError).find(Boolean);
  if (badFile) errors.screenshots = badFile;
  else if (values.screenshots.length > FEEDBACK_LIMITS.screenshotsMax) {
    errors.screenshots = errorText.feedbackTooManyScreenshots;
  }
  return errors;
}
