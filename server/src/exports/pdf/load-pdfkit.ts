import type PDFKitDocument from 'pdfkit';

/**
 * pdfkit, loaded by the server on the first PDF it makes on the request thread (gift card, receipt,
 * print cover), not at start: with fontkit it takes 0.3–1 s to load. Export workers import it directly.
 */
export const loadPdfKit = async (): Promise<typeof PDFKitDocument> => (await import('pdfkit')).default;
