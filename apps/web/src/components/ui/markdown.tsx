// Markdown as every screen shows it: the renderer (markdown-content.tsx, react-markdown with
// remark-gfm) is a large chunk, loaded on first use.
import { lazy, Suspense } from 'react';

const MarkdownContent = lazy(async () => ({ default: (await import('./markdown-content')).MarkdownContent }));

export interface MarkdownProps {
  content: string;
}

/** Markdown once the renderer has loaded; until then the plain text, so nothing jumps or hides. */
export function Markdown({ content }: MarkdownProps) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{content}</p>}>
      <MarkdownContent content={content} />
    </Suspense>
  );
}
