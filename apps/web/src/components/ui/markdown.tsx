// Markdown as every screen shows it: the renderer (markdown-content.tsx, react-markdown with
// remark-gfm) is a large chunk, loaded on first use.
import { lazy, Suspense } from 'react';

const MarkdownContent = lazy(async () => ({ default: (await import('./markdown-content')).MarkdownContent }));

export interface MarkdownProps {
  content: string;
}

/**
 * The words without Markdown's marks ('## ', '**', '- [ ] ', '`'), for the moment before the
 * renderer loads: raw marks flashed on screen and then vanished.
 */
export function plainTextOf(content: string): string {
  return content
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^(\s*)(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/gm, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/** Markdown once the renderer has loaded; until then the plain words, so nothing jumps or flashes. */
export function Markdown({ content }: MarkdownProps) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{plainTextOf(content)}</p>}>
      <MarkdownContent content={content} />
    </Suspense>
  );
}
