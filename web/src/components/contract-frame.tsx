import { useDeferredValue, useMemo, type CSSProperties } from 'react';
import { sanitizeContractDocument } from '../lib/safe-document';

/**
 * A rendered contract in a sandboxed frame: no scripts, no same-origin access, no forms or popups.
 * Used by the template editor, the wizard preview, the sent contract and the signing page.
 *
 * The contract fills in a background render: sanitizing and laying out a long contract is the
 * slowest part of these screens, and a phone should paint everything around it (on the signing
 * page the banner, consent and pad) first. Until then an empty box of the frame's final size
 * stands in, so nothing moves when the contract arrives.
 *
 * Each document gets a frame of its own (keyed by the document) rather than a new srcdoc on the
 * old frame: when a sandboxed srcdoc frame was re-navigated while still loading (the company
 * details arriving just after the preview), the browser tests under load sometimes never found the
 * second document. A fresh frame per document has no such in-between state.
 */
export function ContractFrame(props: { html: string; title: string; height?: string }) {
  const html = useDeferredValue<string | null>(props.html, null);
  const safeHtml = useMemo(() => (html === null ? null : sanitizeContractDocument(html)), [html]);
  const boxStyle: CSSProperties = {
    width: '100%',
    height: props.height ?? '70vh',
    border: '1px solid var(--mantine-color-gray-3)',
    borderRadius: 'var(--mantine-radius-md)',
    background: 'white',
    boxSizing: 'border-box',
    display: 'block',
  };
  if (safeHtml === null) {
    return <div style={boxStyle} aria-busy="true" />;
  }
  return (
    <iframe
      key={safeHtml}
      title={props.title}
      sandbox=""
      srcDoc={safeHtml}
      referrerPolicy="no-referrer"
      style={boxStyle}
    />
  );
}
