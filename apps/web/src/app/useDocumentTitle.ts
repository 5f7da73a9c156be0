import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page title is the page's own title followed by the site title (spec §2). */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const siteTitle = t('app.title');
  useEffect(() => {
    document.title = `${pageTitle} - ${siteTitle}`;
  }, [pageTitle, siteTitle]);
}
