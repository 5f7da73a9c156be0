import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ComingSoonPage } from './coming-soon';

const HomePage = lazy(() => import('./home').then(({ HomePage }) => ({ default: HomePage })));

/**
 * The pages this version has, by the component name the server menu uses (spec §2 "Route building"). A name
 * missing here shows the coming-soon page that names it.
 */
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  indexLayout: HomePage,
};

/** Renders the page of a component name. */
export function PageContent({ page, title }: { page: string; title: string }) {
  const Page = pages[page];
  return Page ? <Page /> : <ComingSoonPage title={title} name={page} />;
}
