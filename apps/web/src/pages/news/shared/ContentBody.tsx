import { useQueryClient } from '@tanstack/react-query';
import { theme } from 'antd';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useRef } from 'react';
import './content.css';
import { fileUrl } from './files';

/**
 * The browser's own allow-list pass over a body the server already sanitised: whatever could run is
 * dropped again; links open in a new tab without access to this page; images of the portal's files keep
 * only their id here and get their address once fetched with the user's token.
 */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG' && node.getAttribute('data-file-id')) node.removeAttribute('src');
});

export const purify = (html: string) =>
  DOMPurify.sanitize(html, {
    FORBID_TAGS: [
      'style',
      'svg',
      'math',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
    ],
    FORBID_ATTR: ['srcset'],
  });

/** The rich-text body of an entry, rendered safely; its images load with the user's token. */
export function ContentBody({ html }: { html: string }) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => purify(html), [html]);
  useEffect(() => {
    let live = true;
    for (const img of ref.current?.querySelectorAll<HTMLImageElement>('img[data-file-id]') ?? []) {
      void fileUrl(queryClient, img.dataset.fileId!).then(
        (url) => live && (img.src = url),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [clean, queryClient]);
  return (
    <div
      ref={ref}
      className="content-body"
      style={{ lineHeight: 1.8, fontSize: token.fontSizeLG, overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
