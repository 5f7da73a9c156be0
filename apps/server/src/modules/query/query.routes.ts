import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { chartData, chartOf, dialogOf, treeData } from './chart-dialog.service.js';
import * as queries from './query.service.js';
import { exportView } from './view-export.service.js';

export const queryHandlers = ({ db }: Services) =>
  defineHandlers({
    customQueryGetByAlias: async ({ body }, { auth }) => queries.queryByAlias(db, auth, body.alias),
    customQueryList: async ({ body }, { auth }) => queries.listQueries(db, auth, body),
    customQuerySave: async ({ body }, { auth }) => queries.saveQuery(db, auth, body),
    customQueryRemove: async ({ query }, { auth, audit }) => {
      const removed = await queries.removeQueries(db, auth, query.ids);
      changed(audit, removed.deleted);
      return removed;
    },
    queryViewGetJson: async ({ query }, { auth }) => queries.queryById(db, auth, query.id),
    queryViewData: async ({ params, body }, { auth }) =>
      queries.viewData(db, auth, params.sqlAlias, params.alias, body),
    queryViewExport: async ({ body }, { auth }) => exportView(db, auth, body),
    customChartGet: async ({ params }, { auth }) => chartOf(db, auth, params.id),
    customChartListData: async ({ query, body }, { auth, lang }) =>
      chartData(db, auth, lang, query.alias, body.params),
    customDialogGetByAlias: async ({ query }, { auth }) => dialogOf(db, auth, query.alias),
    customDialogTreeData: async ({ query }, { auth }) => treeData(db, auth, query.alias),
  });
