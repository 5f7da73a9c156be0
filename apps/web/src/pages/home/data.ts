import type { Column, ColumnData, ColumnResult } from '@eip/contracts';
import { COLUMN_LIMITS } from '@eip/contracts/home';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Spec §9: the column-data requests made within 50 ms go to the server as one call. */
export const COLUMN_MERGE_MS = 50;

export const homeKeys = {
  all: ['home'] as const,
  view: ['home', 'view'] as const,
  column: (alias: string) => ['home', 'column', alias] as const,
  catalogue: ['home', 'catalogue'] as const,
  layouts: ['home', 'layouts'] as const,
  apps: ['home', 'apps'] as const,
  app: (id: string) => ['home', 'app', id] as const,
};

type FetchColumns = (aliases: string[]) => Promise<Record<string, ColumnResult>>;

/** A column whose data did not come: its own message, shown in its card while the others render. */
export class ColumnError extends Error {
  override readonly name = 'ColumnError';
}

/**
 * Loads one column's data; the loads asked for within `wait` ms go to `fetchColumns` together, at most
 * COLUMN_LIMITS.aliasesPerCall aliases a call. Each load settles with its own column's answer.
 */
export function columnLoader(fetchColumns: FetchColumns, wait = COLUMN_MERGE_MS) {
  let waiting = new Map<string, { resolve: (data: ColumnData) => void; reject: (error: Error) => void }[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    timer = undefined;
    const aliases = [...batch.keys()];
    for (let start = 0; start < aliases.length; start += COLUMN_LIMITS.aliasesPerCall) {
      const part = aliases.slice(start, start + COLUMN_LIMITS.aliasesPerCall);
      fetchColumns(part).then(
        (results) => {
          for (const alias of part) {
            const result = results[alias];
            for (const { resolve, reject } of batch.get(alias)!) {
              if (result?.state && result.data) resolve(result.data);
              else reject(new ColumnError(result?.message ?? ''));
            }
          }
        },
        (error: Error) => {
          for (const alias of part) for (const { reject } of batch.get(alias)!) reject(error);
        },
      );
    }
  };

  const load = (alias: string) =>
    new Promise<ColumnData>((resolve, reject) => {
      waiting.set(alias, [...(waiting.get(alias) ?? []), { resolve, reject }]);
      timer ??= setTimeout(flush, wait);
    });
  return {
    load,
    /** Columns known together (a layout's): asked for at once, with whatever else waits, without the wait. */
    loadNow(aliases: string[]) {
      const loads = aliases.map((alias) => [alias, load(alias)] as const);
      clearTimeout(timer);
      flush();
      return new Map(loads);
    },
  };
}

const columns = columnLoader((aliases) => call('getDatasByAlias', { body: { aliases }, silent: true }));

/** A column's data, refreshed as often as the column says. */
export const useColumnData = (column: Pick<Column, 'alias' | 'refreshSeconds'>) =>
  useQuery({
    queryKey: homeKeys.column(column.alias),
    queryFn: () => columns.load(column.alias),
    refetchInterval: column.refreshSeconds ? column.refreshSeconds * 1000 : false,
  });

/**
 * The user's home: the effective layout, their arrangement of it, their columns. The data of the columns it
 * shows is asked for as soon as it arrives, in one call, before the page renders them.
 */
export function useHomeView() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: homeKeys.view,
    queryFn: async () => {
      const view = await call('vueFrontHome');
      const visible = new Set(view.columns.map((column) => column.alias));
      const shown = (view.personal ?? view.layout)?.items.filter((item) => visible.has(item.alias)) ?? [];
      const loads = columns.loadNow(shown.map((item) => item.alias));
      for (const [alias, data] of loads)
        void queryClient.prefetchQuery({ queryKey: homeKeys.column(alias), queryFn: () => data });
      return view;
    },
  });
}
