import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { ServerUnreachableError, type HttpRequest, type HttpResponse, type HttpTransport } from '../ports';

/**
 * HTTP to the PlayDesk server. Every answer is returned as it is, a redirect too: following one would
 * send the password and tokens to an address that never passed the https-only rule. Only no answer at
 * all throws.
 */
export class AxiosTransport implements HttpTransport {
  private readonly http: AxiosInstance;

  constructor(timeoutMs = 15_000) {
    this.http = axios.create({
      timeout: timeoutMs,
      validateStatus: () => true,
      responseType: 'json',
      proxy: false,
      maxRedirects: 0,
    });
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    try {
      const res = await this.http.request({ method: req.method, url: req.url, headers: req.headers, data: req.body });
      return { status: res.status, body: res.data as unknown };
    } catch (error) {
      throw new ServerUnreachableError(error, isAxiosError(error) && NO_CONNECTION.has(error.code ?? ''));
    }
  }
}

/** Errors raised before a connection exists: the request cannot have left. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
