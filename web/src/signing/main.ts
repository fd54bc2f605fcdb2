import './signing-page.css';
import './signing-island.css';
import { SIGNING_ISLAND_ELEMENT_ID } from '@domain/signing-island';
import { fitContractFrames } from './fit-frame';

/*
 * The signing page's script (issue 20). The server sends the whole page as HTML, readable
 * without script; this sizes the contract's frame at once and, on a contract awaiting
 * signature, fetches the island (island.tsx, with React) only after the page has painted: the
 * homeowner reads first, and on a slow network the island's bytes never hold up that paint.
 * See src/features/esign/signing-page and docs/decisions/028.
 */
fitContractFrames();

if (document.getElementById(SIGNING_ISLAND_ELEMENT_ID)) {
  // The next frame is the first paint; the task after it runs once that paint is done.
  requestAnimationFrame(() => setTimeout(() => void import('./island'), 0));
}
