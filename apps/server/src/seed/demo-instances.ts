import { DEFAULT_LANGUAGE, PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { runDueJobs } from '../jobs/runner.js';
import { deployDefinition } from '../modules/bpm/definitions.js';
import { delegateTask } from '../modules/bpm/engine/ask.js';
import { completeTask } from '../modules/bpm/engine/complete.js';
import { circulate } from '../modules/bpm/engine/control.js';
import { saveStartDraft, startInstance } from '../modules/bpm/engine/start.js';
import { bpmJobHandlers } from '../modules/bpm/jobs.js';
import { todoList } from '../modules/bpm/lists.repository.js';
import type { FormData } from '../modules/bpm/engine/forms.js';
import { findProfile, insertGrant } from '../modules/sign/sign.repository.js';
import { findUserByAccount, findUserById } from '../modules/uc/user.repository.js';
import type { AuthContext } from '../security/tokens.js';
import { DEMO_FLOWS, readDemoFlow } from './flows.js';

async function actAs(db: Db, account: string): Promise<AuthContext> {
  const user = await findUserByAccount(db, PLATFORM_TENANT_ID, account);
  if (!user) throw new Error(`demo user ${account} is missing`);
  return {
    tenantId: PLATFORM_TENANT_ID,
    tenantCode: 'platform',
    userId: user.id,
    account,
    jti: 'seed',
    expiresAt: new Date(),
    passwordVersion: user.passwordVersion,
  };
}

/** The demo user's task of an instance (the first one of their todo list in it). */
async function taskOf(db: Db, account: string, instId: string) {
  const auth = await actAs(db, account);
  const rows = (await todoList(db, auth.tenantId, auth.userId, { pageBean: { pageSize: 100 } })).rows;
  const task = rows.find((r) => r.procInstId === instId);
  if (!task) throw new Error(`demo user ${account} has nothing to handle in ${instId}`);
  return { auth, taskId: task.taskId };
}

async function agree(db: Db, account: string, instId: string, opinion: string, data?: FormData) {
  const { auth, taskId } = await taskOf(db, account, instId);
  await completeTask(db, auth, { taskId, actionName: 'agree', opinion, data });
}

/**
 * The leader's signature for the leave request's 领导签字 field, required at 部门领导审批: the seed hands
 * out the leader's seeded signature as getElectronicSeal does after the signing password (a grant the
 * entry then uses up).
 */
async function leaderSigned(db: Db, account: string): Promise<FormData> {
  const auth = await actAs(db, account);
  const profile = await findProfile(db, auth.tenantId, auth.userId);
  const user = await findUserById(db, auth.tenantId, auth.userId);
  if (!profile?.signatureFileId || !user) throw new Error(`demo user ${account} has no signature`);
  const signature = profile.signatureFileId;
  await insertGrant(db, {
    tenantId: auth.tenantId,
    id: newId(),
    userId: auth.userId,
    sealId: null,
    fileId: signature,
    passwordChecked: true,
  });
  const entry = { index: 0, userId: auth.userId, name: user.fullname, signature, createTime: '' };
  return { leaderSign: [entry] };
}

const start = async (db: Db, account: string, flowKey: string, data: Record<string, unknown>) =>
  (await startInstance(db, await actAs(db, account), DEFAULT_LANGUAGE, { flowKey, data })).instId;

/**
 * Deploys the demo flows and starts requests through the engine itself, so that demo users find
 * waiting, handled, circulated, handed-over and finished items, and a draft, at their first sign-in.
 */
export async function seedDemoInstances(db: Db) {
  const admin = await actAs(db, 'admin');
  for (const name of DEMO_FLOWS) {
    await deployDefinition(db, admin.tenantId, { ...readDemoFlow(name), createdBy: admin.userId });
  }

  // Leave requests: waiting for the leader; in the HR countersign; finished and circulated; a leader's.
  await start(db, 'zhuting', 'leave_request', { leaveType: '事假', days: 2, reason: '家中有事' });
  const longLeave = await start(db, 'gaofeng', 'leave_request', {
    leaveType: '年假',
    days: 5,
    reason: '年假出游',
  });
  await agree(db, 'hujun', longLeave, '同意，注意交接工作', await leaderSigned(db, 'hujun'));
  const shortLeave = await start(db, 'luobin', 'leave_request', {
    leaveType: '病假',
    days: 1,
    reason: '身体不适',
  });
  await agree(db, 'mali', shortLeave, '同意', await leaderSigned(db, 'mali'));
  await circulate(db, await actAs(db, 'mali'), {
    instId: shortLeave,
    userIds: [(await actAs(db, 'zhuting')).userId],
    opinion: '请知悉，测试组人手安排',
  });
  await start(db, 'lina', 'leave_request', { leaveType: '年假', days: 3, reason: '家庭旅行' });

  // Expense claims: one at the manager, one in the finance countersign, one handed over, one draft.
  await start(db, 'heyu', 'expense_claim', { category: '差旅费', amount: 860, reason: '上海出差' });
  const bigClaim = await start(db, 'guoming', 'expense_claim', {
    category: '招待费',
    amount: 12000,
    reason: '客户接待',
  });
  await agree(db, 'linxue', bigClaim, '情况属实，同意');
  const marketingClaim = await start(db, 'fengtao', 'expense_claim', {
    category: '交通费',
    amount: 320,
    reason: '展会打车',
  });
  const handover = await taskOf(db, 'tangyan', marketingClaim);
  await delegateTask(db, handover.auth, {
    taskId: handover.taskId,
    userId: (await actAs(db, 'songjia')).userId,
    opinion: '本周出差，请宋总代为审批',
  });
  await saveStartDraft(db, await actAs(db, 'zhuting'), DEFAULT_LANGUAGE, {
    flowKey: 'expense_claim',
    data: { category: '办公用品', amount: 199, reason: '键盘' },
  });

  // A purchase that reached its contract review (a call activity) and an onboarding in parallel branches.
  const purchase = await start(db, 'xiena', 'purchase', {
    item: '笔记本电脑',
    quantity: 5,
    amount: 30000,
    supplier: '示例电脑公司',
  });
  await agree(db, 'zhengkai', purchase, '同意采购');
  const onboarding = await start(db, 'chenjing', 'onboarding', { name: '李明', department: '后端开发部' });
  await agree(db, 'chenjing', onboarding, '材料已齐');
  // the seed sends no mail: its jobs run without a mail server
  await runDueJobs(db, bpmJobHandlers({ mailer: null, publicUrl: '' }));
}
