// The markdown renderer: loaded on demand (see message-markdown.tsx), as react-markdown and
// remark-gfm are a large share of the chat screen's code. Raw HTML in a message is shown as text:
// rehype-raw is deliberately not used, so model output can never inject markup.
import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const components: Components = {
  a: ({ node: _node, ...props }) => (
    <a
      {...props}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 dark:text-indigo-400"
    />
  ),
  p: ({ node: _node, ...props }) => <p {...props} className="my-2 first:mt-0 last:mb-0" />,
  ul: ({ node: _node, ...props }) => <ul {...props} className="my-2 list-disc space-y-1 pl-5" />,
  ol: ({ node: _node, ...props }) => <ol {...props} className="my-2 list-decimal space-y-1 pl-5" />,
  h1: ({ node: _node, ...props }) => <h3 {...props} className="mt-4 mb-2 font-semibold text-lg" />,
  h2: ({ node: _node, ...props }) => <h4 {...props} className="mt-4 mb-2 font-semibold text-base" />,
  h3: ({ node: _node, ...props }) => <h5 {...props} className="mt-3 mb-1.5 font-semibold text-sm" />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      {...props}
      className="my-2 border-zinc-300 border-l-2 pl-3 text-zinc-600 dark:border-zinc-600 dark:text-zinc-400"
    />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      {...props}
      className="my-3 overflow-x-auto rounded-lg bg-zinc-900 p-3 font-mono text-[13px] text-zinc-100 leading-relaxed dark:bg-black/60 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit"
    />
  ),
  code: ({ node: _node, ...props }) => (
    <code
      {...props}
      className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.9em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-700">
      <table {...props} className="w-full border-collapse text-left text-sm" />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th
      {...props}
      className="border-zinc-200 border-b bg-zinc-50 px-3 py-2 font-semibold dark:border-zinc-700 dark:bg-zinc-800/60"
    />
  ),
  td: ({ node: _node, ...props }) => (
    <td {...props} className="border-zinc-100 border-t px-3 py-2 align-top dark:border-zinc-800" />
  ),
  hr: () => <hr className="my-4 border-zinc-200 dark:border-zinc-700" />,
};

const remarkPlugins = [remarkGfm];

export interface MarkdownContentProps {
  content: string;
}

/** Memoised: parsing is the costly part, and a message's text does not change once shown. */
export const MarkdownContent = memo(function MarkdownContent({ content }: MarkdownContentProps) {
  return (
    <Markdown remarkPlugins={remarkPlugins} components={components}>
      {content}
    </Markdown>
  );
});
