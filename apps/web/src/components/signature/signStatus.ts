/**
 * Spec §4 signature status: disable (resting) → start (requested) → ing (the seal call is out) → success
 * 0.3 s after the call succeeded (spec §9), or fail when it did not.
 */
export type SignStatus = 'disable' | 'start' | 'ing' | 'success' | 'fail';

/** Spec §9: the success state shows this long after the seal call answered. */
export const SIGN_SUCCESS_DELAY_MS = 300;

/**
 * Runs one signing: `start`, then `ing` while `seal` runs, then `success` after the delay or `fail`.
 * `seal` answers false (or throws) when it got no signature; `report` sees every state.
 */
export async function runSigning(
  seal: () => Promise<boolean>,
  report: (status: SignStatus) => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  report('start');
  report('ing');
  let ok = false;
  try {
    ok = await seal();
  } catch {
    ok = false;
  }
  if (!ok) {
    report('fail');
    return false;
  }
  await wait(SIGN_SUCCESS_DELAY_MS);
  report('success');
  return true;
}
