import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import type { Db } from '../db/client.js';
import { deployDefinition } from '../modules/bpm/definitions.js';
import { completeTask, startInstance } from '../modules/bpm/engine.js';
import { todoList } from '../modules/bpm/lists.repository.js';
import { findUserByAccount } from '../modules/uc/user.repository.js';
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

async function handleFirstTodo(db: Db, account: string, actionName: 'agree' | 'oppose', opinion: string) {
  const auth = await actAs(db, account);
  const [task] = (await todoList(db, auth.tenantId, auth.userId, { pageBean: { pageSize: 1 } })).rows;
  if (!task) throw new Error(`demo user ${account} has nothing to handle`);
  await completeTask(db, auth, { taskId: task.taskId, actionName, opinion });
}

/**
 * Deploys the demo flows and starts a few requests through the engine itself, so that demo users find
 * waiting, handled and finished items at their first sign-in.
 */
export async function seedDemoInstances(db: Db) {
  const admin = await actAs(db, 'admin');
  for (const name of DEMO_FLOWS)
    await deployDefinition(db, admin.tenantId, { ...readDemoFlow(name), createdBy: admin.userId });

  const leave = (account: string, days: number, reason: string) =>
    actAs(db, account).then((auth) =>
      startInstance(db, auth, { flowKey: 'leave_request', data: { days, reason } }),
    );

  await leave('zhuting', 2, '家中有事');
  await leave('gaofeng', 5, '年假出游');
  await handleFirstTodo(db, 'hujun', 'agree', '同意，注意交接工作');
  await leave('luobin', 1, '身体不适');
  await handleFirstTodo(db, 'mali', 'agree', '同意');
  await startInstance(db, await actAs(db, 'heyu'), {
    flowKey: 'expense_claim',
    subject: '何宇的差旅报销',
    data: { amount: 860, reason: '上海出差' },
  });
}
