// Markdown as the words a reader sees: what a snippet or a preview shows of a reply, without the
// `**`, `#`, backticks and link targets the model writes. Parsed by mdast-util-from-markdown (the
// parser under remark, with GitHub's tables and strikethrough, as the web app renders replies), so
// what counts as markup is what renders.
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Nodes after which the text goes on after a space: blocks, and items of lists and tables. */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'listItem',
  'code',
  'blockquote',
  'tableCell',
  'thematicBreak',
  'html',
  'break',
]);

/** The text of `markdown`, its blocks separated by a space, whitespace folded. */
export function plainTextOf(markdown: string): string {
  const words: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') words.push(node.value);
    else if (node.type === 'image') words.push(node.alt ?? '');
    if ('children' in node) for (const child of node.children) visit(child);
    if (BLOCKS.has(node.type)) words.push(' ');
  };
  visit(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
  return words.join('').replace(/\s+/g, ' ').trim();
}
