/**
 * The whole PDF `doc` writes, once it ends. Call it before drawing: pdfkit streams its output as it
 * goes. Used by the book's PDF, the print cover, the gift card and the receipt.
 */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
