import type { PwdStrategy } from '@eip/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pwdStrategies } from '../../db/schema.js';

const STRATEGY_OFF: PwdStrategy = { enable: 0, pwdRule: 1, pwdLength: 6 };

/** The tenant's password strategy; a tenant without one has the strategy off (spec §5 defaults). */
export async function findPwdStrategy(db: Executor, tenantId: string): Promise<PwdStrategy> {
  const [row] = await db
    .select({
      enable: pwdStrategies.enable,
      pwdRule: pwdStrategies.pwdRule,
      pwdLength: pwdStrategies.pwdLength,
    })
    .from(pwdStrategies)
    .where(eq(pwdStrategies.tenantId, tenantId));
  return row ?? STRATEGY_OFF;
}
