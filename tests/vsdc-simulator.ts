import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for ZRA Smart Invoice's VSDC (VSDC API specification 1.0.4), for tests without
 * network. Every call is a JSON POST answered 200 with { resultCd, resultMsg, resultDt, data }:
 * - POST /initializer/selectInitInfo { tpin, bhfId, dvcSrlNo }: "000" with data.info { tpin, bhfId,
 *   sdcId, mrcNo } for the provisioned device; "902" (already installed) the second time; "901"
 *   (not a valid device) for another serial, TPIN or branch;
 * - POST /code/selectCodes { tpin, bhfId, lastReqDt }: "000" with the code classes used here (tax
 *   types A and TL, payment types, refund reasons);
 * - POST /items/saveItems { tpin, bhfId, itemCd, itemClsCd, itemNm, ... }: "000"; "910" for a
 *   missing field;
 * - POST /trnsSales/saveSales: validated as the specification asks (device fields, receipt type S
 *   or R, the buyer's custTpin null (a walk-in buyer) or ten digits and its custNm, a credit
 *   note's orgInvcNo naming a receipt of this device, its refund reason, the item lines adding up
 *   to the header's taxable, tax and total amounts to the ngwee); "910" with the first problem
 *   otherwise. A sale is "000" with data { rcptNo, intrlData, rcptSign,
 *   vsdcRcptPbctDate, sdcId, mrcNo, qrCodeUrl }. An invoice number (cisInvcNo) seen before is not
 *   fiscalised again: "994" with the receipt of the first (this simulator's reading of a duplicate,
 *   ADR 0029). Every call needs the device initialised first ("901").
 * Tests can take it down (connection refused), slow it, have it answer after the client's timeout
 * (the sale is fiscalised, the answer lost), or refuse the next sale.
 */

export interface SimulatedReceipt {
  rcptNo: number;
  intrlData: string;
  rcptSign: string;
  vsdcRcptPbctDate: string;
  sdcId: string;
  mrcNo: string;
  qrCodeUrl: string;
}

export interface FiscalisedSale {
  body: Record<string, unknown>;
  receipt: SimulatedReceipt;
}

export interface VsdcSimulator {
  url: string;
  /** Every sale and credit note fiscalised, once each, in order. */
  sales: FiscalisedSale[];
  /** Every saveSales call received, duplicates and refusals included. */
  saleCalls: number;
  items: Map<string, Record<string, unknown>>;
  /** Connection refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Each answer waits this long (0: at once). */
  delayMs: number;
  /** The next saveSales is fiscalised but its answer is held back this long (past our timeout). */
  loseNextAnswer(ms: number): void;
  stop(): Promise<void>;
}

const OK = "000";

export async function startVsdcSimulator(
  device: { tpin: string; bhfId: string; dvcSrlNo: string },
  /** 0: any free port. */
  atPort = 0,
): Promise<VsdcSimulator> {
  const sdcId = `SDC00${device.tpin.slice(-4)}`;
  const mrcNo = `WIS00${device.tpin.slice(-5)}`;
  let initialised = false;
  const byInvoice = new Map<string, FiscalisedSale>();
  let holdNext = 0;
  let server: Server | undefined;
  let port = 0;

  const simulator: VsdcSimulator = {
    url: "",
    sales: [],
    saleCalls: 0,
    items: new Map(),
    delayMs: 0,
    loseNextAnswer(ms) {
      holdNext = ms;
    },
    async down() {
      await close();
    },
    async up() {
      await listen(port);
    },
    async stop() {
      await close();
    },
  };

  function answer(resultCd: string, resultMsg: string, data: unknown = null) {
    return { resultCd, resultMsg, resultDt: stamp(new Date()), data };
  }

  function problemOfSale(body: Record<string, unknown>): string | null {
    if (body.tpin !== device.tpin || body.bhfId !== device.bhfId) return "tpin or bhfId is not this device's";
    if (typeof body.cisInvcNo !== "string" || !/^[A-Za-z0-9-]{1,50}$/.test(body.cisInvcNo))
      return "cisInvcNo is required";
    if (body.rcptTyCd !== "S" && body.rcptTyCd !== "R") return "rcptTyCd must be S or R";
    // The buyer: a walk-in buyer has no TPIN; a business's is ten digits.
    if (body.custTpin !== null && (typeof body.custTpin !== "string" || !/^[0-9]{10}$/.test(body.custTpin)))
      return "custTpin is not a TPIN (10 digits)";
    if (typeof body.custNm !== "string" || body.custNm.length < 1 || body.custNm.length > 60)
      return "custNm is required (at most 60 characters)";
    if (typeof body.pmtTyCd !== "string" || !/^0[1-7]$/.test(body.pmtTyCd))
      return "pmtTyCd is not a payment type";
    if (body.salesSttsCd !== "02") return "salesSttsCd must be 02";
    if (typeof body.cfmDt !== "string" || !/^\d{14}$/.test(body.cfmDt)) return "cfmDt must be yyyyMMddHHmmss";
    if (typeof body.salesDt !== "string" || !/^\d{8}$/.test(body.salesDt)) return "salesDt must be yyyyMMdd";
    if (body.rcptTyCd === "R") {
      const original = simulator.sales.find(
        (sale) => sale.receipt.rcptNo === body.orgInvcNo && sale.body.rcptTyCd === "S",
      );
      if (!original) return "orgInvcNo is not a receipt of this device";
      if (typeof body.rfdRsnCd !== "string" || !/^\d{2}$/.test(body.rfdRsnCd)) return "rfdRsnCd is required";
    }
    const items = body.itemList;
    if (!Array.isArray(items) || items.length === 0) return "itemList is required";
    if (body.totItemCnt !== items.length) return "totItemCnt does not match itemList";
    const cents = (value: unknown) => Math.round(Number(value) * 100);
    const sum = (field: string) =>
      items.reduce((total: number, item: Record<string, unknown>) => total + cents(item[field]), 0);
    for (const item of items as Record<string, unknown>[]) {
      if (typeof item.itemCd !== "string" || !simulator.items.has(item.itemCd))
        return `item ${String(item.itemCd)} is not registered`;
      if (typeof item.itemClsCd !== "string" || !/^\d{8}$/.test(item.itemClsCd))
        return "itemClsCd is required";
      if (item.vatCatCd !== null && item.vatCatCd !== "A") return "vatCatCd is not a tax type";
      if (item.tlCatCd !== null && item.tlCatCd !== "TL") return "tlCatCd is not a tax type";
      // A line carries a tax only under that tax's category.
      if (item.vatCatCd === null && (cents(item.vatAmt) !== 0 || cents(item.vatTaxblAmt) !== 0))
        return "an item without vatCatCd carries VAT";
      if (item.tlCatCd === null && (cents(item.tlAmt) !== 0 || cents(item.tlTaxblAmt) !== 0))
        return "an item without tlCatCd carries the tourism levy";
    }
    if (sum("totAmt") !== cents(body.totAmt)) return "totAmt is not the sum of the items";
    if (sum("vatAmt") !== cents(body.taxAmtA)) return "taxAmtA is not the sum of the items";
    if (sum("tlAmt") !== cents(body.taxAmtTl)) return "taxAmtTl is not the sum of the items";
    if (sum("vatTaxblAmt") !== cents(body.taxblAmtA)) return "taxblAmtA is not the sum of the items";
    if (sum("tlTaxblAmt") !== cents(body.taxblAmtTl)) return "taxblAmtTl is not the sum of the items";
    if (cents(body.totTaxAmt) !== cents(body.taxAmtA) + cents(body.taxAmtTl))
      return "totTaxAmt does not add up";
    if (cents(body.totTaxblAmt) + cents(body.totTaxAmt) !== cents(body.totAmt))
      return "totTaxblAmt does not add up";
    return null;
  }

  function handle(path: string, body: Record<string, unknown>) {
    if (path === "/initializer/selectInitInfo") {
      if (body.tpin !== device.tpin || body.bhfId !== device.bhfId || body.dvcSrlNo !== device.dvcSrlNo)
        return answer("901", "It is not valid device");
      if (initialised)
        return answer("902", "This device is installed", {
          info: { tpin: device.tpin, bhfId: device.bhfId, sdcId, mrcNo },
        });
      initialised = true;
      return answer(OK, "It is succeeded", {
        info: { tpin: device.tpin, bhfId: device.bhfId, sdcId, mrcNo },
      });
    }
    if (!initialised) return answer("901", "It is not valid device");
    if (path === "/code/selectCodes")
      return answer(OK, "It is succeeded", {
        clsList: [
          {
            cdCls: "04",
            cdClsNm: "Taxation Type",
            dtlList: [
              { cd: "A", cdNm: "Standard Rated", userDfnCd1: "16" },
              { cd: "TL", cdNm: "Tourism Levy", userDfnCd1: "1.5" },
            ],
          },
          {
            cdCls: "07",
            cdClsNm: "Payment Type",
            dtlList: ["01", "02", "03", "04", "05", "06", "07"].map((cd) => ({ cd })),
          },
          { cdCls: "32", cdClsNm: "Refund Reason", dtlList: ["01", "06", "09", "13"].map((cd) => ({ cd })) },
        ],
      });
    if (path === "/items/saveItems") {
      for (const field of ["itemCd", "itemClsCd", "itemNm", "pkgUnitCd", "qtyUnitCd"])
        if (typeof body[field] !== "string" || body[field] === "")
          return answer("910", `Request parameter error: ${field}`);
      simulator.items.set(body.itemCd as string, body);
      return answer(OK, "It is succeeded");
    }
    if (path === "/trnsSales/saveSales") {
      simulator.saleCalls += 1;
      const problem = problemOfSale(body);
      if (problem) return answer("910", `Request parameter error: ${problem}`);
      const seen = byInvoice.get(body.cisInvcNo as string);
      if (seen) return answer("994", "Duplicate invoice number", seen.receipt);
      const rcptNo = simulator.sales.length + 1;
      const at = stamp(new Date());
      const signature = createHash("sha256").update(JSON.stringify(body)).digest("hex").toUpperCase();
      const receipt: SimulatedReceipt = {
        rcptNo,
        intrlData: signature.slice(0, 26),
        rcptSign: signature.slice(26, 42),
        vsdcRcptPbctDate: at,
        sdcId,
        mrcNo,
        qrCodeUrl: `https://sandboxportal.zra.org.zm/common/link/ebm/receipt/indexEbmReceiptData?Data=${device.tpin}${device.bhfId}${signature.slice(26, 42)}`,
      };
      const sale = { body, receipt };
      simulator.sales.push(sale);
      byInvoice.set(body.cisInvcNo as string, sale);
      return answer(OK, "It is succeeded", receipt);
    }
    return undefined;
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    } catch {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(answer("910", "Request parameter error: not JSON")));
      return;
    }
    const path = (req.url ?? "").split("?")[0] ?? "";
    const result = req.method === "POST" ? handle(path, body) : undefined;
    if (!result) {
      res.writeHead(404).end();
      return;
    }
    let wait = simulator.delayMs;
    if (path === "/trnsSales/saveSales" && holdNext > 0) {
      wait = holdNext;
      holdNext = 0;
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!res.destroyed)
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
  }

  function listen(at: number): Promise<void> {
    server = createServer((req, res) => void onRequest(req, res));
    return new Promise((resolve) => {
      server!.listen(at, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        simulator.url = `http://127.0.0.1:${port}`;
        resolve();
      });
    });
  }

  function close(): Promise<void> {
    const current = server;
    server = undefined;
    if (!current) return Promise.resolve();
    current.closeAllConnections();
    return new Promise((resolve) => current.close(() => resolve()));
  }

  await listen(atPort);
  return simulator;
}

function stamp(at: Date): string {
  return at.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}
