import type { ChartData, CustomChart, CustomDialog, Language } from '@eip/contracts';
import { count, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import type { AuthContext } from '../../security/tokens.js';
import { defaultDimensionId } from '../uc/directory.repository.js';
import * as repo from './query.repository.js';
import { loadQuery, scopeOf, type LoadedQuery } from './query.service.js';

/** The most categories a chart shows. */
export const CHART_MAX_CATEGORIES = 500;

async function loadChart(db: Db, auth: AuthContext, id: string): Promise<CustomChart> {
  const row = await repo.findChart(db, auth.tenantId, id);
  if (!row) throw notFound('customChart.notFound', { id });
  return { id: row.id, alias: row.alias, name: row.name, ...row.def };
}

export const chartOf = (db: Db, auth: AuthContext, id: string) => loadChart(db, auth, id);

const fieldOf = (loaded: LoadedQuery, name: string | undefined) => {
  const field = loaded.bo.fields.find((f) => f.name === name);
  if (!field) throw badRequest('customChart.badField', { field: name ?? '' });
  return { field, column: loaded.columns[field.name]!.sql as SQL };
};

/** The category of a record: a field's text, or a date field's month (YYYY-MM) or year. */
function categoryOf(loaded: LoadedQuery, chart: CustomChart): SQL {
  const { field, column } = fieldOf(loaded, chart.category);
  if (chart.bucket === 'value') return sql`(${column})::text`;
  if (field.type !== 'date') throw badRequest('customChart.badField', { field: field.name });
  return sql`to_char(${column}, ${chart.bucket === 'month' ? 'YYYY-MM' : 'YYYY'}::text)`;
}

function valueOf(loaded: LoadedQuery, chart: CustomChart): { value: SQL; label: string } {
  if (chart.aggregate === 'count') return { value: sql`${count()}`, label: '' };
  const { field, column } = fieldOf(loaded, chart.valueField);
  if (field.type !== 'number') throw badRequest('customChart.badField', { field: field.name });
  const value =
    chart.aggregate === 'sum' ? sql`coalesce(sum(${column}), 0)` : sql`coalesce(avg(${column}), 0)`;
  return { value, label: field.label };
}

/**
 * A chart's data (getListData): its query's records with the chart's parameter values (those of the body
 * first) grouped by the category, the value aggregated; one series.
 */
export async function chartData(
  db: Db,
  auth: AuthContext,
  lang: Language,
  alias: string,
  params: Record<string, unknown> = {},
): Promise<ChartData> {
  const chart = await loadChart(db, auth, alias);
  const loaded = await loadQuery(db, auth, chart.queryAlias);
  const scope = scopeOf(auth, loaded, { ...chart.params, ...params });
  const category = categoryOf(loaded, chart);
  const { value, label } = valueOf(loaded, chart);
  const rows = await repo.readOnly(db, (tx) =>
    repo.groupedRows(tx, scope, category, value, CHART_MAX_CATEGORIES),
  );
  return {
    type: chart.type,
    name: chart.name,
    categories: rows.map((row) => row.category),
    series: [
      {
        name: translate(lang, `customChart.${chart.aggregate}`, { label }),
        data: rows.map((row) => Math.round(row.value * 100) / 100),
      },
    ],
  };
}

export async function dialogOf(db: Db, auth: AuthContext, alias: string): Promise<CustomDialog> {
  const row = await repo.findDialog(db, auth.tenantId, alias);
  if (!row) throw notFound('customDialog.notFound', { alias });
  return { id: row.id, alias: row.alias, name: row.name, ...row.def };
}

/** The nodes of a tree dialog: the organisation of the tenant's default dimension. */
export async function treeData(db: Db, auth: AuthContext, alias: string) {
  const dialog = await dialogOf(db, auth, alias);
  if (dialog.style !== 'tree') throw badRequest('customDialog.notTree', { alias });
  const demId = await defaultDimensionId(db, auth.tenantId);
  return demId ? repo.orgNodes(db, auth.tenantId, demId) : [];
}
