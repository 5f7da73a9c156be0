import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { FlowCatalog } from './FlowCatalog';
import { parseStartData } from './startLink';
import { StartForm } from './StartForm';

/** 发起流程 (menu component startProcess; also `/matter/startProcess?defId&data` and `?draftId`). */
export function StartProcessPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const defId = params.get('defId');
  const draftId = params.get('draftId');
  const target = draftId ? { draftId } : defId ? { defId } : null;
  const initial = parseStartData(params.get('data'));
  return (
    <ReadableColors>
      {!target ? (
        <FlowCatalog onStart={(id) => setParams({ defId: id })} />
      ) : !initial ? (
        <Alert type="error" showIcon title={t('approval.start.badData')} />
      ) : (
        <StartForm key={draftId ?? defId} target={target} initial={initial} onBack={() => setParams({})} />
      )}
    </ReadableColors>
  );
}
