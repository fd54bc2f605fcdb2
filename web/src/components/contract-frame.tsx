import { useCallback, useDeferredValue, useEffect, useState, type CSSProperties } from 'react';

/**
 * A contract document in a sandboxed frame: no scripts, no forms or popups. Used by the template
 * editor, the wizard preview and the sent contract (the signing page is the server's own HTML,
 * docs/decisions/028).
 *
 * `html` is a frozen document (src/domain/contract-document, docs/decisions/016): the server's for
 * a sent contract, the preview's own made with the same code. It carries its no-network policy
 * at its top, so the frame fetches nothing whoever built the page around it.
 *
 * `flowsInPage` (the wizard preview and the sent contract, issue 31): the frame takes the
 * document's full height, so a phone scrolls one page, not a box inside the page. Measuring the
 * document needs same-origin access to it, so that frame is sandboxed with `allow-same-origin`
 * only, as on the signing page (docs/decisions/027): it still runs no script, and its own policy
 * still forbids any request. The template editor keeps its fixed box beside the HTML.
 *
 * The contract fills in a background render: laying out a long contract is the slowest part of
 * these screens, and a phone should paint everything around it first. Until then an empty box of
 * the frame's first size stands in, so nothing moves when the contract arrives.
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
  flowsInPage?: boolean;
}) {
  const safeHtml = useDeferredValue<string | null>(props.html, null);
  const flows = props.flowsInPage === true;
  const { setFrame, documentHeight, measure } = useDocumentHeight(flows);
  const boxStyle: CSSProperties = {
    width: '100%',
    height: documentHeight ?? props.height ?? '70vh',
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
      sandbox={flows ? 'allow-same-origin' : ''}
      srcDoc={safeHtml}
      referrerPolicy="no-referrer"
      onLoad={(event) => measure(event.currentTarget)}
      style={boxStyle}
    />
  );
}

/**
 * The loaded document's height, measured again whenever the frame's width changes (a phone turned
 * sideways, the navigation appearing beside the page): narrower lines, a taller document.
 */
function useDocumentHeight(enabled: boolean) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState<string | null>(null);
  const measure = useCallback(
    (target: HTMLIFrameElement) => {
      const document = target.contentDocument;
      // Before its srcdoc loads, a frame holds an empty about:blank, which measures nothing.
      if (!enabled || document?.URL !== 'about:srcdoc' || document.readyState !== 'complete') {
        return;
      }
      // The root's own box, not scrollHeight, which never drops below the frame's current height.
      // The frame's border (1px each side) is inside its box: without it the last line would scroll.
      setHeight(`${Math.ceil(document.documentElement.getBoundingClientRect().height) + 2}px`);
    },
    [enabled],
  );
  useEffect(() => {
    if (!enabled || !frame) return;
    let width = frame.clientWidth;
    const observer = new ResizeObserver(() => {
      // The frame's own new height changes its box too; only a new width reflows the document.
      if (frame.clientWidth === width) return;
      width = frame.clientWidth;
      measure(frame);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [enabled, frame, measure]);
  return { setFrame, documentHeight: enabled ? height : null, measure };
}
