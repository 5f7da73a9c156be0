import { verifyPassword } from '../apps/server/src/security/passwords.js';
import type { Client } from './client.js';
import { percentiles, throughput, type Percentiles } from './stats.js';

export interface SignInResult {
  clients: number;
  signIns: { completed: number; seconds: number; perSecond: number; latency: Percentiles };
  /** bare verifyPassword at the same concurrency, half before and half after the sign-ins */
  argon2: { completed: number; seconds: number; perSecond: number };
  /** sign-ins per second ÷ argon2id verifies per second */
  ratio: number;
}

export interface SignInOptions {
  clients: number;
  seconds: number;
  maxSignIns: number;
  argon2Seconds: number;
  accounts: string[];
  password: string;
  passwordHash: string;
}

/**
 * `clients` callers sign in over HTTP as fast as the server answers, each with a fresh RSA-OAEP
 * ciphertext (of a bare password, as an outside client sends it) made beforehand (encrypting is the browser's work, not the server's). The bare argon2id
 * rate is measured at the same concurrency in the same process, in two halves around the sign-ins.
 */
export async function benchSignIn(client: Client, options: SignInOptions): Promise<SignInResult> {
  const encrypt = await client.encryptor();
  // the server accepts each ciphertext once: one for every sign-in the run can make
  const warmups = options.clients * 2;
  const ciphertexts = Array.from({ length: warmups + options.maxSignIns }, () => encrypt(options.password));
  let next = 0;
  const signIn = async (i: number) => {
    const { status, body } = await client.call('login', {
      query: { tenantId: '-1' },
      body: { username: options.accounts[i % options.accounts.length]!, password: ciphertexts[next++]! },
    });
    if (status !== 200 || !body.state || !body.value.token) {
      throw new Error(`sign-in answered ${status}: ${body.message}`);
    }
  };
  const verify = async () => {
    if (!(await verifyPassword(options.passwordHash, options.password))) throw new Error('argon2 refused');
  };
  const argon2Limits = { seconds: options.argon2Seconds / 2, maxTasks: Number.MAX_SAFE_INTEGER };

  await throughput(options.clients, { seconds: 60, maxTasks: warmups }, signIn);
  const before = await throughput(options.clients, argon2Limits, verify);
  const signIns = await throughput(
    options.clients,
    { seconds: options.seconds, maxTasks: options.maxSignIns },
    signIn,
  );
  const after = await throughput(options.clients, argon2Limits, verify);

  const argon2Completed = before.completed + after.completed;
  const argon2Seconds = before.seconds + after.seconds;
  const argon2PerSecond = argon2Completed / argon2Seconds;
  return {
    clients: options.clients,
    signIns: {
      completed: signIns.completed,
      seconds: signIns.seconds,
      perSecond: signIns.perSecond,
      latency: percentiles(signIns.durations),
    },
    argon2: { completed: argon2Completed, seconds: argon2Seconds, perSecond: argon2PerSecond },
    ratio: signIns.perSecond / argon2PerSecond,
  };
}
