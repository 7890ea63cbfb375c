import type { FeedbackCreated } from '../../../../contract/feedback';
import { api } from '../../../lib/api/client';
import type { FeedbackValues } from '../validate-feedback';

/**
 * SPEC.md section 7: multipart with type, content, contactInfo, userId (when signed in) and the
 * screenshots as repeated files. The server takes the user from the token, not from userId.
 * Not retried: a resend after a lost answer would file the feedback twice.
 */
export function submitFeedback(values: FeedbackValues, userId: string | null) {
  const form = new FormData();
  form.append('type', values.type);
  form.append('content', values.content.trim());
  const contact = values.contactInfo.trim();
  if (contact) form.append('contactInfo', contact);
  if (userId) form.append('userId', userId);
  for (const file of values.screenshots) form.append('screenshots', file, file.name);
  return api.post<FeedbackCreated>('/api/feedback', form, { retries: 0 });
}
