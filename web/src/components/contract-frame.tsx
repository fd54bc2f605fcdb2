import { useDeferredValue, type CSSProperties } from 'react';

/**
 * A contract document in a sandboxed frame: no scripts, no forms or popups. Used by the template
 * editor, the wizard preview and the sent contract (the signing page is the server's own HTML,
 * docs/decisions/028).
 *
 * `html` is a frozen document (src/domain/contract-document, docs/decisions/016): the server's for
 * a sent contract, the preview's own made with the same code. It carries its no-network policy
 * at its top, so the frame fetches nothing whoever built the page around it.
 *
 * The contract fills in a background render: laying out a long contract is the slowest part of
 * these screens, and a phone should paint everything around it first. Until then an empty box of the frame's final size stands in, so
 * nothing moves when the contract arrives.
 *
 * Each document gets a frame of its own (keyed by the document) rather than a new srcdoc on the
 * old frame: when a sandboxed srcdoc frame was re-navigated while still loading (the company
 * details arriving just after the preview), the browser tests under load sometimes never found the
 * second document. A fresh frame per document has no such in-between state.
 */
export function ContractFrame(props: { html: string; title: string; height?: string }) {
  const safeHtml = useDeferredValue<string | null>(props.html, null);
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
