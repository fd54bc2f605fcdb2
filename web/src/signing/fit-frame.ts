/**
 * The contract flows in the page (issue 20): its frame takes the document's full height, so the
 * homeowner scrolls one page, not a box inside a page. The frame is sandboxed with
 * `allow-same-origin` only, so the page can measure the document while the document still runs
 * nothing and, under its own policy, loads nothing. Without script the page shows the document
 * in a shadow root of its own instead (src/features/esign/signing-page/inline-document.ts).
 */
export function fitContractFrames(root: ParentNode = document): void {
  for (const frame of root.querySelectorAll<HTMLIFrameElement>('iframe[data-fit-content]')) {
    const measure = () => {
      const document = frame.contentDocument?.documentElement;
      // The root's own box, not scrollHeight, which never drops below the frame's current height
      // (a phone turned sideways must get a shorter frame). The frame's 1 px border each side is
      // inside its box: without it the last line would scroll.
      if (document)
        frame.style.height = `${Math.ceil(document.getBoundingClientRect().height) + 2}px`;
    };
    frame.addEventListener('load', measure);
    // A srcdoc frame often finishes loading before a deferred module runs.
    if (frame.contentDocument?.readyState === 'complete') measure();
    // A phone turned sideways reflows the contract: shorter lines, a shorter document.
    window.addEventListener('resize', measure);
  }
}
