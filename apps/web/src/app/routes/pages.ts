import { matchPath } from 'react-router';
import { LANDING_PATH } from '../../config';
import type { BuiltRoutes, MenuRoute } from './build';

type PageTitleKey =
  | 'home.pageTitle'
  | 'pages.message'
  | 'pages.columnPreview'
  | 'pages.formPreview'
  | 'pages.sysModulePreview'
  | 'pages.templateForm'
  | 'pages.templateDraftList'
  | 'pages.appContent'
  | 'pages.templatePreview'
  | 'pages.distributeDocument'
  | 'pages.documentLibraryForm'
  | 'pages.approvalForm'
  | 'pages.startProcess'
  | 'pages.shareInst'
  | 'pages.onlineMenu'
  | 'pages.newsDetail'
  | 'pages.noticeDetail'
  | 'pages.meetingDetail'
  | 'pages.newsEdit';

/** A page of spec §2 "Routes" that exists whatever the menu says. */
interface StaticPage {
  pattern: string;
  page: string;
  titleKey: PageTitleKey;
  /** Shown without the layout (previews). */
  bare?: boolean;
  affix?: boolean;
}

export const STATIC_PAGES: StaticPage[] = [
  { pattern: LANDING_PATH, page: 'indexLayout', titleKey: 'home.pageTitle', affix: true },
  { pattern: '/personal/message', page: 'message', titleKey: 'pages.message' },
  {
    pattern: '/column/preview/:previewAlias',
    page: 'columnPreview',
    titleKey: 'pages.columnPreview',
    bare: true,
  },
  { pattern: '/formPreview/:formId', page: 'formPreview', titleKey: 'pages.formPreview', bare: true },
  {
    pattern: '/sysModulePreview/:id/:appName',
    page: 'sysModulePreview',
    titleKey: 'pages.sysModulePreview',
    bare: true,
  },
  { pattern: '/templateForm/:templateKey/:action', page: 'templateForm', titleKey: 'pages.templateForm' },
  {
    pattern: '/templateForm/:templateKey/:action/:data',
    page: 'templateForm',
    titleKey: 'pages.templateForm',
  },
  {
    pattern: '/templateDraftList/:tempAlias/:dataViewFlag',
    page: 'templateDraftList',
    titleKey: 'pages.templateDraftList',
  },
  { pattern: '/appContent', page: 'appContent', titleKey: 'pages.appContent' },
  {
    pattern: '/templatePreview/:templateKey/:parameterqQuerys/:rkey',
    page: 'templatePreview',
    titleKey: 'pages.templatePreview',
  },
  { pattern: '/matter/distributeDocument', page: 'distributeDocument', titleKey: 'pages.distributeDocument' },
  {
    pattern: '/matter/documentLibraryForm',
    page: 'documentLibraryForm',
    titleKey: 'pages.documentLibraryForm',
  },
  { pattern: '/matter/approvalForm', page: 'approvalForm', titleKey: 'pages.approvalForm' },
  { pattern: '/matter/startProcess', page: 'startProcess', titleKey: 'pages.startProcess' },
  { pattern: '/shareInst/:id/true', page: 'shareInst', titleKey: 'pages.shareInst' },
  { pattern: '/onlineMenu/:name', page: 'OnlineMenu', titleKey: 'pages.onlineMenu' },
  { pattern: '/news/list/:id', page: 'newsDetail', titleKey: 'pages.newsDetail' },
  { pattern: '/news/notice/:id', page: 'noticeDetail', titleKey: 'pages.noticeDetail' },
  { pattern: '/news/meeting/:id', page: 'meetingDetail', titleKey: 'pages.meetingDetail' },
  { pattern: '/news/edit/:kind', page: 'newsEdit', titleKey: 'pages.newsEdit' },
  { pattern: '/news/edit/:kind/:id', page: 'newsEdit', titleKey: 'pages.newsEdit' },
];

/** What the shell shows for an address. */
export interface ResolvedPage {
  /** The pattern that matched: the identity of the tab and of a kept-alive view. */
  pattern: string;
  /** The matched path (with parameters filled in). */
  path: string;
  page: string;
  title: string;
  keepAlive: boolean;
  bare: boolean;
  affix: boolean;
  /** The menu entry, when the page comes from the menu. */
  route?: MenuRoute;
}

const BARE_LAYOUTS = new Set(['EmptyLayout', 'DatavLayout']);

/**
 * The page for a path: a menu page first, then a page of spec §2 "Routes"; null for an unknown path.
 * `translate` turns a static page's title key into text.
 */
export function resolvePage(
  pathname: string,
  built: BuiltRoutes | undefined,
  translate: (key: PageTitleKey) => string,
): ResolvedPage | null {
  for (const route of built?.pages ?? []) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) {
      return {
        pattern: route.path,
        path: match.pathname,
        page: route.view.kind === 'page' ? route.view.page : route.view.layout,
        title: route.meta.title,
        keepAlive: Boolean(route.meta.keepAlive),
        bare: route.view.kind === 'layout' && BARE_LAYOUTS.has(route.view.layout),
        affix: Boolean(route.meta.affix),
        route,
      };
    }
  }
  for (const page of STATIC_PAGES) {
    const match = matchPath({ path: page.pattern, end: true }, pathname);
    if (match) {
      return {
        pattern: page.pattern,
        path: match.pathname,
        page: page.page,
        title: translate(page.titleKey),
        keepAlive: page.page === 'startProcess',
        bare: Boolean(page.bare),
        affix: Boolean(page.affix),
      };
    }
  }
  return null;
}

/** The chain of menu entries down to a path, for the breadcrumb and the open submenu. */
export function menuTrail(tree: MenuRoute[], path: string): MenuRoute[] {
  for (const route of tree) {
    if (!route.catalog && route.path === path) return [route];
    const below = menuTrail(route.children, path);
    if (below.length) return [route, ...below];
  }
  return [];
}

/** Kept-alive views, most recent last: `key` moves to the end and the oldest beyond `max` are dropped. */
export function touchKeptAlive(list: readonly string[], key: string, max: number): string[] {
  const next = [...list.filter((k) => k !== key), key];
  return next.length > max ? next.slice(next.length - max) : next;
}
