import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { FlowCatalog } from './FlowCatalog';
import { parseStartData } from './startLink';
import { StartForm, type StartTarget } from './StartForm';

/** `?defKey&businessKey&boAlias&templateAlias`: a flow started from a data-template record (发起流程). */
function recordTarget(params: URLSearchParams): StartTarget | null {
  const [defKey, businessKey, boAlias, templateAlias] = [
    'defKey',
    'businessKey',
    'boAlias',
    'templateAlias',
  ].map((name) => params.get(name));
  return defKey && businessKey && boAlias && templateAlias
    ? { defKey, businessKey, boAlias, templateAlias }
    : null;
}

/** The leader of `?leadId` when the user is their secretary (getSecretaryByUserId); otherwise none. */
function useLeaderToStartFor(leadId: string | null) {
  const secretary = useQuery({
    queryKey: ['approval', 'secretary'],
    queryFn: () => call('getSecretaryByUserId', { silent: true }),
    enabled: leadId !== null,
    staleTime: 60_000,
  });
  return {
    pending: leadId !== null && secretary.isPending,
    leader: secretary.data?.leaders.find((leader) => leader.userId === leadId) ?? null,
  };
}

/**
 * 发起流程 (menu component startProcess; also `/matter/startProcess?defId&data`, `?draftId`, `?leadId` for
 * a secretary starting for her leader, and `?defKey&businessKey&boAlias&templateAlias` from a record).
 */
export function StartProcessPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const defId = params.get('defId');
  const draftId = params.get('draftId');
  // spec §6: a secretary starts for a leader of hers (from the leader's card in 组织架构)
  const { leader, pending } = useLeaderToStartFor(params.get('leadId'));
  const forLeader: Record<string, string> = leader ? { leadId: leader.userId } : {};
  const target = draftId ? { draftId } : defId ? { defId, ...forLeader } : recordTarget(params);
  const initial = parseStartData(params.get('data'));
  if (pending) return <Skeleton active />;
  return (
    <ReadableColors>
      <Flex vertical gap="middle">
        {leader && (
          <Alert type="info" showIcon title={t('approval.start.forLeader', { name: leader.fullname })} />
        )}
        {!target ? (
          <FlowCatalog onStart={(id) => setParams({ defId: id, ...forLeader })} />
        ) : !initial ? (
          <Alert type="error" showIcon title={t('approval.start.badData')} />
        ) : (
          <StartForm
            key={draftId ?? defId ?? params.get('businessKey')}
            target={target}
            initial={initial}
            leaderName={leader?.fullname}
            onBack={() => setParams(forLeader)}
          />
        )}
      </Flex>
    </ReadableColors>
  );
}
