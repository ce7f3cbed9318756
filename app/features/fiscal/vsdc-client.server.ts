// The one way out to ZRA's Virtual Sales Data Controller (VSDC API specification 1.0.4): JSON
// POSTs answered with { resultCd, resultMsg, resultDt, data }. "000" is success; any other code is
// the VSDC refusing the request. No answer in time (the VSDC or the line is down, load-shedding)
// is not a refusal: the caller tries again later with the same invoice number.

export const VSDC_OK = "000";
/**
 * The answer to an invoice number the VSDC already has (ADR 0029): the sale was fiscalised by an
 * earlier attempt whose answer was lost. It is never sent as a new sale.
 */
export const VSDC_DUPLICATE = "994";

export interface VsdcAnswer<T = Record<string, unknown>> {
  resultCd: string;
  resultMsg: string;
  resultDt?: string;
  data?: T | null;
}

/** The VSDC did not answer (refused connection, timeout, an answer that is not the API's). */
export class VsdcUnreachable extends Error {}

export interface VsdcReceipt {
  rcptNo: number | string;
  intrlData: string;
  rcptSign: string;
  vsdcRcptPbctDate: string;
  sdcId: string;
  mrcNo: string;
  qrCodeUrl?: string;
}

export interface VsdcDeviceInfo {
  info?: { sdcId?: string; mrcNo?: string; tpin?: string; bhfId?: string };
}

export interface VsdcClient {
  post<T>(path: string, body: unknown): Promise<VsdcAnswer<T>>;
}

/** fetch with a deadline; one request at a time per call. */
export function httpVsdcClient(baseUrl: string, { timeoutMs = 20_000 } = {}): VsdcClient {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    async post<T>(path: string, body: unknown): Promise<VsdcAnswer<T>> {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new VsdcUnreachable(
          `VSDC not reached: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!response.ok) throw new VsdcUnreachable(`VSDC answered HTTP ${response.status}`);
      let answer: unknown;
      try {
        answer = await response.json();
      } catch {
        throw new VsdcUnreachable("VSDC answered something that is not JSON");
      }
      if (
        typeof answer !== "object" ||
        answer === null ||
        typeof (answer as VsdcAnswer).resultCd !== "string"
      )
        throw new VsdcUnreachable("VSDC answered without a result code");
      return answer as VsdcAnswer<T>;
    },
  };
}
