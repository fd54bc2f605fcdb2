/** The element the page scrolls in on a phone (see app-frame.module.css). */
export const PAGE_SCROLLER_ID = 'page';

/** Back to the top of the page, whichever box scrolls it at this width. */
export function scrollPageToTop(): void {
  window.scrollTo({ top: 0 });
  document.getElementById(PAGE_SCROLLER_ID)?.scrollTo({ top: 0 });
}
