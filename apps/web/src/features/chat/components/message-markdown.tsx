import { lazy, Suspense } from 'react';

const MarkdownContent = lazy(async () => ({ default: (await import('./markdown-content')).MarkdownContent }));

export interface MessageMarkdownProps {
  content: string;
}

/** Markdown once the renderer has loaded; until then the plain text, so nothing jumps or hides. */
export function MessageMarkdown({ content }: MessageMarkdownProps) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{content}</p>}>
      <MarkdownContent content={content} />
    </Suspense>
  );
}
