/**
 * The few Web APIs shared/ uses, which every program it runs in provides alike (the page, Node ≥ 24,
 * Electron's main process): typed here by hand because lib DOM and @types/node would each bring far
 * more (window, document, Buffer, process) than shared/ may touch. Members are the standard ones,
 * only those shared/ reads.
 */
interface URL {
  readonly protocol: string;
  readonly hostname: string;
}
declare const URL: { prototype: URL; new (url: string, base?: string): URL };

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare const TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

declare function btoa(data: string): string;
