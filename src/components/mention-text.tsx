import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { findMentions, mentionPath } from '../../contract/mention-rules';

/** Plain text (a comment) with each `@用户名` as a link to that user's page. */
export function MentionText({ text, className }: { text: string; className?: string }) {
  const mentions = findMentions(text);
  if (mentions.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const mention of mentions) {
    parts.push(text.slice(at, mention.start));
    parts.push(
      <Link key={mention.start} to={mentionPath(mention.username)} className={className}>
        {text.slice(mention.start, mention.end)}
      </Link>,
    );
    at = mention.end;
  }
  parts.push(text.slice(at));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
