import { PictureOutlined } from '@ant-design/icons';
import { Alert, Button, theme } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailDetail } from './compose';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The mail's HTML, or its text as a preformatted block. */
export function bodyOf(mail: MailDetail): string {
  if (mail.html) return mail.html;
  return `<pre style="white-space:pre-wrap;font-family:inherit;margin:0">${escapeHtml(mail.text ?? '')}</pre>`;
}

/**
 * The document shown in the frame: the mail's HTML cleaned once more here (the server already sanitised it),
 * under a policy that runs nothing and loads nothing from elsewhere — pictures from other sites only once
 * the user allows them. Links open in a new tab.
 */
export function mailDocument(html: string, allowRemote: boolean, font: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: [
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'base',
      'meta',
    ],
  });
  const images = allowRemote ? 'data: cid: https: http:' : 'data: cid:';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src data:">`,
    '<base target="_blank">',
    `<style>body{margin:0;font-family:${font};font-size:14px;line-height:1.6;overflow-wrap:anywhere}img{max-width:100%;height:auto}blockquote{margin:0 0 0 8px;padding-left:8px;border-left:3px solid #ccc}</style>`,
    `</head><body>${clean}</body></html>`,
  ].join('');
}

/**
 * A mail's body in a sandboxed frame (no scripts, no forms; links in a new tab). Pictures from other sites
 * (which the server left out) stay blocked behind a 显示图片 bar until the user allows them for this mail.
 */
export function MailBody({
  html,
  title,
  blocked = false,
  allowed = false,
  onAllow,
}: {
  html: string;
  title: string;
  /** the server left out pictures from other sites */
  blocked?: boolean;
  allowed?: boolean;
  onAllow?: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(200);
  const doc = useMemo(() => mailDocument(html, allowed, token.fontFamily), [html, allowed, token.fontFamily]);
  // the frame's own height, so the pane scrolls and not the frame
  const fit = () => {
    const body = frame.current?.contentDocument?.documentElement;
    if (body) setHeight(Math.max(120, body.scrollHeight + 8));
  };
  return (
    <>
      {blocked && !allowed && (
        <Alert
          type="info"
          showIcon
          icon={<PictureOutlined />}
          title={t('mail.list.imagesBlocked')}
          action={
            <Button size="small" onClick={onAllow}>
              {t('mail.list.showImages')}
            </Button>
          }
        />
      )}
      <iframe
        ref={frame}
        title={title}
        srcDoc={doc}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        onLoad={fit}
        style={{ width: '100%', height, border: 0, display: 'block', background: '#fff' }}
      />
    </>
  );
}
