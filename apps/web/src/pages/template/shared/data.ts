import type { BoDef, BoField, DataTemplate, DictItem } from '@eip/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { matchPath, useLocation, useParams } from 'react-router';
import { call } from '../../../api/client';
import { useMenuRoutes } from '../../../app/routes/load';

export type Row = Record<string, unknown>;

export const templateKeys = {
  info: (alias: string) => ['template', alias, 'info'] as const,
  rows: (alias: string) => ['template', alias, 'rows'] as const,
  form: (alias: string) => ['template', alias, 'form'] as const,
  history: (id: string) => ['template', 'history', id] as const,
  requests: (id: string) => ['template', 'requests', id] as const,
};

/**
 * 发起流程 from a record: the start form of the flow of the template's startFlow button, prefilled from the
 * record (/matter/startProcess?defKey&businessKey&boAlias&templateAlias); null when the template has none.
 */
export function startFlowPath(template: DataTemplate, recordId: string): string | null {
  const defKey = template.buttons.find((button) => button.alias === 'startFlow')?.defKey;
  if (!defKey) return null;
  const query = { defKey, businessKey: recordId, boAlias: template.boAlias, templateAlias: template.alias };
  return `/matter/startProcess?${new URLSearchParams(query).toString()}`;
}

/**
 * The template a page shows: the address's templateKey or tempAlias, else the templateAlias of the menu
 * entry that opened it (TemplateLayout entries name it in their route extension).
 */
export function useTemplateAlias(): string | undefined {
  const params = useParams();
  const { pathname } = useLocation();
  const routes = useMenuRoutes(true);
  // a menu entry at such an address is routed by its own path, without the parameters: read them here
  const fromPath =
    params.templateKey ??
    params.tempAlias ??
    matchPath('/templateDraftList/:tempAlias/:dataViewFlag', pathname)?.params.tempAlias ??
    matchPath('/templatePreview/:templateKey/:parameterqQuerys/:rkey', pathname)?.params.templateKey;
  if (fromPath) return fromPath;
  const meta = routes.data?.pages.find((page) => page.path === pathname)?.meta;
  return typeof meta?.templateAlias === 'string' ? meta.templateAlias : undefined;
}

export const useTemplateInfo = (alias: string | undefined) =>
  useQuery({
    queryKey: templateKeys.info(alias ?? ''),
    queryFn: () => call('getBpmDataTemplateInfo', { query: { alias: alias! } }),
    enabled: Boolean(alias),
  });

/** The dictionaries of the dict fields of a business object (or of one of its sub-tables), by type key. */
export function useDictionaries(bo: Pick<BoDef, 'fields'> | undefined): Map<string, DictItem[]> {
  const typeKeys = [
    ...new Set((bo?.fields ?? []).flatMap((f) => (f.type === 'dict' && f.dict ? [f.dict] : []))),
  ];
  const answers = useQueries({
    queries: typeKeys.map((typeKey) => ({
      queryKey: ['dict', typeKey],
      queryFn: () => call('getDictByTypeKey', { query: { typeKey } }),
      staleTime: 5 * 60_000,
    })),
  });
  return new Map(typeKeys.map((key, i) => [key, answers[i]?.data ?? []]));
}

const MONEY = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A field's value as the list shows it: dictionary names, money with two decimals. */
export function displayValue(
  field: BoField | undefined,
  value: unknown,
  dicts: Map<string, DictItem[]>,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (field?.type === 'dict' && field.dict) {
    return dicts.get(field.dict)?.find((item) => item.key === value)?.name ?? String(value);
  }
  if (field?.type === 'number' && typeof value === 'number' && field.decimals === 2)
    return MONEY.format(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export const fieldOf = (bo: BoDef, name: string) => bo.fields.find((field) => field.name === name);
