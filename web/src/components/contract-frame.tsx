import { useDeferredValue, useMemo } from 'react';
import { sanitizeContractDocument } from '../lib/safe-document';

/**
 * A rendered contract in a sandboxed frame: no scripts, no same-origin access, no forms or popups.
 * Used by the template editor, the wizard preview, the sent contract and the signing page.
 *
 * The frame first shows empty, at its final size, and the contract fills it in a background
 * render: sanitizing and laying out a long contract is the slowest part of these screens, and a
 * phone should paint everything around the frame (on the signing page the banner, consent and
 * pad) before doing it. The fixed height means nothing moves when the contract arrives.
 */
export function ContractFrame(props: { html: string; title: string; height?: string }) {
  const html = useDeferredValue(props.html, '');
  const safeHtml = useMemo(() => (html === '' ? '' : sanitizeContractDocument(html)), [html]);
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
