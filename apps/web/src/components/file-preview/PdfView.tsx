import { Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../app/lazy';
import type { OpenPdf } from './pdfRender';

/** The widest a page is drawn, in CSS pixels. */
const MAX_PAGE_WIDTH = 960;

/**
 * A PDF's pages drawn one below the other with pdf.js, which loads with the first PDF shown. Each page is
 * an image named by its number.
 */
export function PdfView({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<OpenPdf | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    let opened: OpenPdf | undefined;
    void (async () => {
      try {
        const { openPdf } = await loadChunk(() => import('./pdfRender'));
        opened = await openPdf(await blob.arrayBuffer());
        if (gone) await opened.close();
        else setPdf(opened);
      } catch (failure) {
        if (!gone) setError(failure instanceof Error ? failure.message : String(failure));
      }
    })();
    return () => {
      gone = true;
      void opened?.close();
    };
  }, [blob]);

  useEffect(() => {
    if (!pdf || !box.current) return undefined;
    let gone = false;
    const width = Math.min(box.current.clientWidth || MAX_PAGE_WIDTH, MAX_PAGE_WIDTH);
    void (async () => {
      for (let page = 1; page <= pdf.pages && !gone; page++) {
        const canvas = box.current?.querySelector<HTMLCanvasElement>(`canvas[data-page="${page}"]`);
        if (canvas) await pdf.draw(page, canvas, width).catch(() => undefined);
      }
    })();
    return () => {
      gone = true;
    };
  }, [pdf]);

  if (error) return <Result status="warning" title={t('files.failed')} subTitle={error} />;
  return (
    <div
      ref={box}
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, width: '100%' }}
    >
      {!pdf && <Spin size="large" />}
      {pdf && (
        <Typography.Text type="secondary">{t('files.pages', { count: pdf.pages, name })}</Typography.Text>
      )}
      {pdf &&
        Array.from({ length: pdf.pages }, (_, i) => (
          <canvas
            key={i}
            data-page={i + 1}
            role="img"
            aria-label={t('files.page', { page: i + 1, total: pdf.pages })}
            style={{ maxWidth: '100%', boxShadow: '0 1px 4px rgba(0, 0, 0, 0.2)', background: '#fff' }}
          />
        ))}
    </div>
  );
}
