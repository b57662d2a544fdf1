import { splitMentions } from "@/lib/collab/mentions";

/**
 * A comment's plain text with its @mentions marked (text, never HTML: React
 * escapes it). `plain`: a share-link visitor's comment, whose `@…` mentions
 * nobody (the server notifies no one), so nothing is marked as a mention.
 */
export function CommentBody({ body, plain = false }: { body: string; plain?: boolean }) {
  if (plain) return <p className="break-words whitespace-pre-wrap">{body}</p>;
  return (
    <p className="break-words whitespace-pre-wrap">
      {splitMentions(body).map((part, i) =>
        part.mention ? (
          <span key={i} className="rounded bg-blue-50 px-0.5 font-medium text-blue-900 dark:bg-blue-950 dark:text-blue-200">
            {part.text}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
