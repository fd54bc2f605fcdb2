import { useCallback, useDeferredValue, useEffect, useState, type CSSProperties } from 'react';

/**
 * A contract document in a sandboxed frame: no scripts, no forms or popups. Used by the template
 * editor, the wizard preview, the sent contract and the signing page.
 *
 * `html` is a frozen document (src/domain/contract-document, docs/decisions/016): the server's for
 * a sent contract, the preview's own made with the same code. It carries its no-network policy
 * at its top, so the frame fetches nothing whoever built the page around it.
 *
 * `fitContent` (the signing page, issue 20): the frame takes the document's full height, so the
 * homeowner scrolls one page instead of a box inside a page. Measuring the document needs
 * same-origin access to it, so that frame is sandboxed with `allow-same-origin` only: it still
 * runs no script (no `allow-scripts`), and its own policy still forbids any request.
 *
 * The contract fills in a background render: laying out a long contract is the slowest part of
 * these screens, and a phone should paint everything around it (on the signing page the banner,
 * consent and pad) first. Until then an empty box of the frame's final size stands in, so
 * nothing moves when the contract arrives.
 *
 * Each document gets a frame of its own (keyed by the document) rather than a new srcdoc on the
 * old frame: when a sandboxed srcdoc frame was re-navigated while still loading (the company
 * details arriving just after the preview), the browser tests under load sometimes never found the
 * second document. A fresh frame per document has no such in-between state.
 */
export function ContractFrame(props: {
  html: string;
  title: string;
  height?: string;
  fitContent?: boolean;
}) {
  const safeHtml = useDeferredValue<string | null>(props.html, null);
  const { setFrame, fittedHeight, measure } = useFittedHeight(props.fitContent === true);
  const boxStyle: CSSProperties = {
    width: '100%',
    height: fittedHeight ?? props.height ?? '70vh',
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
      ref={setFrame}
      title={props.title}
      sandbox={props.fitContent ? 'allow-same-origin' : ''}
      srcDoc={safeHtml}
      referrerPolicy="no-referrer"
      onLoad={(event) => measure(event.currentTarget)}
      style={boxStyle}
    />
  );
}

/** The document's height in pixels once loaded, measured again when the window changes size. */
function useFittedHeight(enabled: boolean) {
  // The frame element itself (a callback ref into state): the resize listener measures it.
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState<string | null>(null);
  const measure = useCallback(
    (target: HTMLIFrameElement | null) => {
      const root = enabled ? target?.contentDocument?.documentElement : null;
      // The root's own box, not scrollHeight, which never drops below the frame's current height
      // (a phone turned sideways must get a shorter frame). The border (1px each side) is inside
      // the box: without it the last line would scroll.
      if (root) setHeight(`${Math.ceil(root.getBoundingClientRect().height) + 2}px`);
    },
    [enabled],
  );
  useEffect(() => {
    if (!enabled || !frame) return;
    // A phone turned sideways reflows the contract: shorter lines, a shorter document.
    const remeasure = () => measure(frame);
    window.addEventListener('resize', remeasure);
    return () => window.removeEventListener('resize', remeasure);
  }, [enabled, frame, measure]);
  return { setFrame, fittedHeight: height, measure };
}
