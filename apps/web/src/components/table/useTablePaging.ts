import type { TableProps } from 'antd';
import { useState } from 'react';

export interface TableSort {
  property: string;
  direction: 'ASC' | 'DESC';
}

/**
 * A server-paged table's page, page size and sort (by a column's key, or its field), with the table's onChange
 * that keeps them and `firstPage` for a new search.
 */
export function useTablePaging<Row>(pageSize: number) {
  const [page, setPage] = useState({ page: 1, pageSize });
  const [sort, setSort] = useState<TableSort | null>(null);
  const onChange: NonNullable<TableProps<Row>['onChange']> = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const property = one?.columnKey ?? one?.field;
    setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize });
    setSort(
      one?.order && typeof property === 'string'
        ? { property, direction: one.order === 'ascend' ? 'ASC' : 'DESC' }
        : null,
    );
  };
  const firstPage = () => setPage((current) => ({ ...current, page: 1 }));
  return { page, sort, onChange, firstPage };
}
