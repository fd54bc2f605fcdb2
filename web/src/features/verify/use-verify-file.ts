import { useCallback, useEffect, useRef, useState } from 'react';
import {
  checkFingerprint,
  looksLikePdf,
  MAX_PDF_BYTES,
  sha256Hex,
  type CheckOutcome,
} from './verify-api';

export type VerifyState =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  /** Refused before anything was sent: too big, not a PDF, or unreadable. */
  | { kind: 'refused'; fileName: string; title: string; message: string }
  | { kind: 'done'; fileName: string; fingerprint: string; outcome: CheckOutcome };

/**
 * Hashes a chosen file in the browser and asks the server about the fingerprint. A newer file
 * wins: answers for an earlier one are dropped.
 */
export function useVerifyFile() {
  const [state, setState] = useState<VerifyState>({ kind: 'idle' });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (fileName: string, work: (signal: AbortSignal) => Promise<VerifyState>) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ kind: 'checking', fileName });
      const next = await work(controller.signal);
      if (!controller.signal.aborted) setState(next);
    },
    [],
  );

  const checkFile = useCallback(
    (file: File) => {
      const fileName = file.name || 'the file';
      return run(fileName, async (signal): Promise<VerifyState> => {
        if (file.size > MAX_PDF_BYTES) {
          return {
            kind: 'refused',
            fileName,
            title: 'File too large',
            message: 'Executed copies are well under 50 MB. Please choose the PDF you received.',
          };
        }
        let bytes: ArrayBuffer;
        try {
          bytes = await file.arrayBuffer();
        } catch {
          return {
            kind: 'refused',
            fileName,
            title: 'Could not read the file',
            message: 'Please choose the file again.',
          };
        }
        if (!looksLikePdf(bytes)) {
          return {
            kind: 'refused',
            fileName,
            title: 'Not a PDF',
            message: 'Please choose the PDF of the executed contract.',
          };
        }
        const fingerprint = await sha256Hex(bytes);
        if (signal.aborted) return { kind: 'idle' };
        return {
          kind: 'done',
          fileName,
          fingerprint,
          outcome: await checkFingerprint(fingerprint, signal),
        };
      });
    },
    [run],
  );

  /** After 'Could not check right now': ask again without reading the file again. */
  const retry = useCallback(() => {
    if (state.kind !== 'done') return;
    const { fileName, fingerprint } = state;
    return run(fileName, async (signal) => ({
      kind: 'done',
      fileName,
      fingerprint,
      outcome: await checkFingerprint(fingerprint, signal),
    }));
  }, [run, state]);

  return { state, checkFile, retry };
}
