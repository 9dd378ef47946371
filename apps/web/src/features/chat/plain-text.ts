// A message's words without its markdown, for "Copy as text": the same parse as the server's
// snippets (mdast-util-from-markdown with GitHub's tables and strikethrough, what the chat renders),
// but keeping the message's shape: paragraphs a blank line apart, list items and table rows on
// their own lines. Loaded when first asked for, not with the chat.
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Blocks a blank line apart; items and rows a line apart; cells a tab apart. */
const AFTER: Partial<Record<Nodes['type'], string>> = {
  paragraph: '\n\n',
  heading: '\n\n',
  code: '\n\n',
  blockquote: '\n\n',
  thematicBreak: '\n\n',
  html: '\n\n',
  list: '\n\n',
  table: '\n\n',
  tableRow: '\n',
  tableCell: '\t',
  break: '\n',
};

export function plainTextOf(markdown: string): string {
  let out = '';
  const visit = (node: Nodes, inItem: boolean) => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') out += node.value;
    else if (node.type === 'image') out += node.alt ?? '';
    if ('children' in node)
      for (const child of node.children) visit(child, node.type === 'listItem' || inItem);
    // A list item's paragraphs end the line, not the block.
    if (node.type === 'listItem' || (node.type === 'paragraph' && inItem)) out = `${out.trimEnd()}\n`;
    else out += AFTER[node.type] ?? '';
  };
  visit(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), false);
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
