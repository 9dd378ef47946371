import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, plainTextOf } from './markdown';

describe('Markdown before its renderer has loaded', () => {
  it('shows the words without the marks, never the raw ## of a briefing', () => {
    const { container } = render(
      <Markdown
        content={
          '## Who they are\nAnn is **an engineer**.\n- [ ] Ask about `401(k)`\n> [notes](https://x.example)'
        }
      />,
    );
    const shown = container.textContent ?? '';
    expect(shown).not.toMatch(/##|\*\*|\[ \]|`/);
    expect(shown).toContain('Who they are');
    expect(shown).toContain('Ann is an engineer.');
  });

  it('keeps the words and line breaks', () => {
    expect(plainTextOf('# Title\n\n1. First\n  - nested *a*\n> quoted [link](https://x.example)')).toBe(
      'Title\n\nFirst\n  nested *a*\nquoted link',
    );
  });
});
