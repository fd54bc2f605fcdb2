export interface RenderOptions {
  /**
   * A line at the top of every page, in bold, when a copy must say what it is on each sheet (the
   * unsigned copy). No header when left out.
   */
  headerLabel?: string;
  footerLabel?: string;
  /** The footer's "Page 2 of 3", in the document's language; English when left out. */
  pageWords?: { page: string; of: string };
  /** Refuse a document that would print more pages than this (only these are ever printed). */
  maxPages?: number;
}

/** Prints contract HTML to PDF: one Chromium, several pages at once (src/features/documents). */
export interface PdfRenderer {
  /** False when no Chromium is installed: callers fall back to the HTML executed copy. */
  readonly available: boolean;
  /** How many pages it prints at once. */
  readonly concurrency: number;
  /** Prints a complete HTML document to a Letter-size PDF with page numbers. */
  render(html: string, options?: RenderOptions): Promise<Buffer>;
  close(): Promise<void>;
}
