import { useMemo } from 'react';
import { sanitizeContractDocument } from '../lib/safe-document';

/**
 * A rendered contract in a sandboxed frame: no scripts, no same-origin access, no forms or popups.
 * Used by the template preview (and later the wizard preview and the signing page).
 */
export function ContractFrame(props: { html: string; title: string; height?: string }) {
  const safeHtml = useMemo(() => sanitizeContractDocument(props.html), [props.html]);
  return (
    <iframe
      title={props.title}
      sandbox=""
      srcDoc={safeHtml}
      referrerPolicy="no-referrer"
      style={{
        width: '100%',
        height: props.height ?? '70vh',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'white',
      }}
    />
  );
}
