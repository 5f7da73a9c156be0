import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentBody, purify } from './ContentBody';

describe('rendering a body safely in the browser (DOMPurify after the server’s allow-list)', () => {
  it('drops what could run, keeps the document’s structure', () => {
    const clean = purify(
      '<h2 onclick="alert(1)">标题</h2><script>alert(2)</script><img src="x" onerror="alert(3)">' +
        '<a href="javascript:alert(4)">坏</a><a href="https://example.com">好</a><iframe src="https://x"></iframe>' +
        '<svg><script>alert(5)</script></svg><form><input></form><ul><li>一</li></ul><table><tbody><tr><td>格</td></tr></tbody></table>',
    );
    expect(clean).not.toMatch(/onclick|onerror|script|javascript:|iframe|<svg|<form|<input/i);
    expect(clean).toContain('<h2>标题</h2>');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">好</a>');
    expect(clean).toContain('<ul><li>一</li></ul>');
    expect(clean).toContain('<td>格</td>');
  });

  it('an image of the portal’s files waits for its address (fetched with the token) instead of loading without one', () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <ContentBody
          html={'<p><img src="/portal/system/file/downloadFile?fileId=f1" data-file-id="f1" alt="图"></p>'}
        />
      </QueryClientProvider>,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('data-file-id')).toBe('f1');
    expect(img.hasAttribute('src')).toBe(false);
  });
});
