/**
 * qrcode as the page gets it: its browser build (its package.json maps lib/index.js to
 * lib/browser.js), which draws to a canvas or a data URL. @types/qrcode types the Node build, whose
 * files and streams name Node's types: loaded here, they would give every page file `process` and
 * `Buffer`. renderer/tsconfig.json maps 'qrcode' to this file; the options are those the page uses.
 */
export interface DataUrlOptions {
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' | 'low' | 'medium' | 'quartile' | 'high';
  /** Quiet zone, in modules. */
  margin?: number;
  /** Width of the picture, in pixels. */
  width?: number;
}

declare const QRCode: {
  toDataURL(text: string, options?: DataUrlOptions): Promise<string>;
};
export default QRCode;
