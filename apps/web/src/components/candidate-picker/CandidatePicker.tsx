import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreCandidates } from './MoreCandidates';
import { useCandidatePages, type PickedNode } from './useCandidatePages';

/**
 * Picks the handlers of a node ahead among its candidates (a form field: value and onChange), searched by
 * name or account and loaded 50 at a time (spec §9) once the list is first opened.
 */
export function CandidatePicker({
  node,
  value,
  onChange,
  id,
}: {
  node: PickedNode;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  // names of the candidates picked so far, so they stay readable when a search replaces the options
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const pages = useCandidatePages(node, useDeferredValue(text), opened);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={(next: string[], options) => {
        const chosen = (Array.isArray(options) ? options : [options]).filter((o) => o !== undefined);
        setPicked(new Map([...picked, ...chosen.map((o): [string, string] => [o.value, o.label])]));
        onChange?.(next);
      }}
      onOpenChange={(open) => open && setOpened(true)}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={pages.fetching}
      placeholder={t('approval.picker.placeholder')}
      notFoundContent={pages.pending ? t('app.loading') : pages.failed ? null : t('approval.picker.empty')}
      popupRender={(menu) => (
        <>
          {menu}
          {/* a click here keeps the list open */}
          <div onMouseDown={(event) => event.preventDefault()}>
            <MoreCandidates pages={pages} />
          </div>
        </>
      )}
      maxTagCount="responsive"
      options={[
        ...[...picked]
          .filter(([userId]) => !pages.candidates.some((c) => c.id === userId))
          .map(([userId, label]) => ({ value: userId, label })),
        ...pages.candidates.map((c) => ({ value: c.id, label: c.fullname })),
      ]}
    />
  );
}
