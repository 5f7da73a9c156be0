import { SignatureEntries } from './SignatureEntries';
import { useSignatureChecks } from './useSignatureChecks';

/** The signatures a handler placed at a node, beside their opinion in the opinion table. */
export function OpinionSignatures({
  instId,
  nodeId,
  userId,
}: {
  instId: string;
  nodeId: string;
  userId: string | null;
}) {
  const checks = useSignatureChecks(instId);
  const placed = (checks.data ?? []).filter((c) => userId && c.userId === userId && c.nodeId === nodeId);
  if (!placed.length) return null;
  return <SignatureEntries entries={placed} checkOf={(entry) => placed.find((c) => c === entry)} />;
}
