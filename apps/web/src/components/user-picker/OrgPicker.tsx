import { CANDIDATE_PAGE_SIZE } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { call } from '../../api/client';

/** Picks orgs of the tenant whose name holds the text, 50 at a time (a form field: value and onChange). */
export function OrgPicker({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
  placeholder: string;
}) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const orgs = useQuery({
    queryKey: ['uc', 'orgPicker', search],
    queryFn: () =>
      call('getOrgPage', {
        body: {
          pageBean: { page: 1, pageSize: CANDIDATE_PAGE_SIZE, showTotal: false },
          querys: search ? [{ property: 'name', value: search, operation: 'LIKE' }] : [],
        },
      }),
    staleTime: 60_000,
  });
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={orgs.isFetching}
      placeholder={placeholder}
      maxTagCount="responsive"
      options={(orgs.data?.rows ?? []).map((org) => ({ value: org.id, label: org.pathName || org.name }))}
    />
  );
}
