import { data } from "react-router";
import { NewsletterLinkPage, readToken } from "~/components/newsletter-link-page.tsx";
import { site } from "~/content/site.ts";
import { getDb } from "~/context.server.ts";
import { logWriteFailure } from "~/db/failures.server.ts";
import { unsubscribe } from "~/db/newsletter-subscriptions.server.ts";
import { NEWSLETTER_ERROR, NEWSLETTER_LINK_INVALID, NEWSLETTER_UNSUBSCRIBED } from "~/lib/messages.ts";
import { NO_HYDRATION } from "~/lib/route-handle.ts";
import { originFromMatches, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/newsletter.unsubscribe";

// The way out, in every mail to subscribers (decisions.md 28). GET shows a button; a POST to the
// same URL unsubscribes: the button's, or a mail app's one-click POST (RFC 8058, announced by the
// List-Unsubscribe and List-Unsubscribe-Post headers), which carries the token in the URL.
export const handle = NO_HYDRATION;

const TITLE = "Unsubscribe";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description: `Stop receiving the ${site.brandName} newsletter.`,
    path: "/newsletter/unsubscribe",
    origin: originFromMatches(matches),
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  return { token: await readToken(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = await readToken(request);
  try {
    const result = await unsubscribe(await getDb(context), token);
    return result === "unsubscribed"
      ? { ok: true, message: NEWSLETTER_UNSUBSCRIBED }
      : data({ ok: false, message: NEWSLETTER_LINK_INVALID }, { status: 404 });
  } catch (error) {
    logWriteFailure("newsletter-unsubscribe", error);
    return data({ ok: false, message: NEWSLETTER_ERROR }, { status: 503 });
  }
}

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      title={TITLE}
      text={`Press the button to stop receiving the ${site.brandName} newsletter.`}
      button="Unsubscribe"
      token={loaderData.token}
      result={actionData}
    />
  );
}
