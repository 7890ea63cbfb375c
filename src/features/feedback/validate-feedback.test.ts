import { describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/page-messages';
import { addScreenshots, screenshotError, validateFeedback } from './validate-feedback';

const file = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

const valid = {
  type: 'bug' as const,
  content: '图片加载很慢',
  contactInfo: '',
  screenshots: [],
};

describe('feedback form rules', () => {
  it('needs a type and a description of at most 1000 characters', () => {
    expect(validateFeedback(valid)).toEqual({});
    expect(validateFeedback({ ...valid, type: '' })).toEqual({
      type: errorText.feedbackTypeRequired,
    });
    expect(validateFeedback({ ...valid, content: '  \n ' })).toEqual({
      content: errorText.feedbackContentRequired,
    });
    expect(validateFeedback({ ...valid, content: '字'.repeat(1000) })).toEqual({});
    expect(validateFeedback({ ...valid, content: '字'.repeat(1001) })).toEqual({
      content: errorText.feedbackContentTooLong,
    });
    expect(validateFeedback({ ...valid, contactInfo: 'x'.repeat(101) })).toEqual({
      contactInfo: errorText.feedbackContactTooLong,
    });
  });

  it('takes jpeg, jpg, png, gif and webp screenshots under 5 MB only', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']) {
      expect(screenshotError(file('a', type))).toBeNull();
    }
    expect(screenshotError(file('a.svg', 'image/svg+xml'))).toBe(errorText.feedbackImageOnly);
    expect(screenshotError(file('a.pdf', 'application/pdf'))).toBe(errorText.feedbackImageOnly);
    expect(screenshotError(file('big.png', 'image/png', 5 * 1024 * 1024))).toBe(
      errorText.uploadTooLarge,
    );
    expect(screenshotError(file('ok.png', 'image/png', 5 * 1024 * 1024 - 1))).toBeNull();
  });

  it('keeps at most three screenshots and refuses a bad pick as a whole', () => {
    const png = file('a.png', 'image/png');
    expect(addScreenshots([png], [png, png])).toEqual({
      screenshots: [png, png, png],
      error: null,
    });
    expect(addScreenshots([png, png], [png, png])).toEqual({
      screenshots: [png, png, png],
      error: errorText.feedbackTooManyScreenshots,
    });
    expect(addScreenshots([png], [png, file('x.txt', 'text/plain')])).toEqual({
      screenshots: [png],
      error: errorText.feedbackImageOnly,
    });
  });
});
