import type { RouterContextProvider } from "react-router";
import { expect } from "vitest";
import type { PayLoaderData } from "../../app/features/payments/pay-view.ts";
import type { PayActionData } from "../../app/features/payments/pay-page.server.ts";
import { action as payAction, loader as payLoader } from "~/routes/pay.tsx";
import { formPost } from "./route-calls.ts";

// Calls to the payment step, /pay/:reference?token=… (ADR 0018), for the payments suites: the
// address a booking or reservation action redirected to, the page's loader and its action.

/** The payment step a form's action sent the guest to (its thrown redirect), and its reference. */
export function payStepOf(thrown: unknown): { path: string; reference: string } {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  const path = response.headers.get("Location") ?? "";
  expect(path).toMatch(/^\/pay\/LDG-[A-Z0-9]{6}\?token=[\w-]+$/);
  return { path, reference: referenceIn(path) };
}

function referenceIn(path: string): string {
  return decodeURIComponent(new URL(path, "http://localhost:3000").pathname.split("/")[2] ?? "");
}

/** The payment step's loader at `path`: its data, status and headers. */
export async function loadPayStepAt(
  path: string,
  context: RouterContextProvider,
): Promise<{ status: number; data: PayLoaderData; headers: Headers }> {
  const answer = (await payLoader({
    request: new Request(new URL(path, "http://localhost:3000")),
    context,
    params: { reference: referenceIn(path) },
  } as never)) as unknown as { data: PayLoaderData; init: ResponseInit | null };
  return {
    status: answer.init?.status ?? 200,
    data: answer.data,
    headers: new Headers(answer.init?.headers),
  };
}

/** A form posted to the payment step's action: its redirect (a Response) or its data. */
export async function postPayStepAt(
  path: string,
  fields: Record<string, string>,
  context: RouterContextProvider,
): Promise<Response | PayActionData> {
  const url = new URL(path, "http://localhost:3000");
  const answer = await payAction({
    request: formPost(`${url.pathname}${url.search}`, fields),
    context,
    params: { reference: referenceIn(path) },
  } as never);
  return answer instanceof Response ? answer : (answer as unknown as { data: PayActionData }).data;
}
