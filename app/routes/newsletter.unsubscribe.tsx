import { NewsletterLinkPage } from "~/features/newsletter/components/newsletter-link-page.tsx";
import { site } from "~/content/site.ts";
import { unsubscribe } from "~/features/newsletter/newsletter-subscriptions.server.ts";
import { NEWSLETTER_UNSUBSCRIBED } from "~/shared/messages.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { answerNewsletterLink, readToken } from "~/features/newsletter/newsletter-link.server.ts";
import type { Route } from "./+types/newsletter.unsubscribe";

// The way out, in every mail to subscribers (decisions.md 28). GET shows a button; a POST to the
// same URL unsubscribes: the button's, or a mail app's one-click POST (RFC 8058, announced by the
// List-Unsubscribe and List-Unsubscribe-Post headers), which carries the token in the URL.
export const handle = CONTENT_PAGE;

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
  return answerNewsletterLink(request, context, {
    form: "newsletter-unsubscribe",
    change: async (db, token) => (await unsubscribe(db, token)) === "unsubscribed",
    done: NEWSLETTER_UNSUBSCRIBED,
  });
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
