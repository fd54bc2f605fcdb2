import { PDFParse } from 'pdf-parse';

/** The text of a PDF, as a reader would copy it: how tests check what a document says. */
export async function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
