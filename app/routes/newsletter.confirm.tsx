import { NewsletterLinkPage } from "~/features/newsletter/components/newsletter-link-page.tsx";
import { site } from "~/content/site.ts";
import { confirmSubscription } from "~/features/newsletter/newsletter-subscriptions.server.ts";
import { NEWSLETTER_CONFIRMED } from "~/shared/messages.ts";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import { answerNewsletterLink, readToken } from "~/features/newsletter/newsletter-link.server.ts";
import type { Route } from "./+types/newsletter.confirm";

// Double opt-in (decisions.md 28): the link in the confirmation mail leads here.
export const handle = CONTENT_PAGE;

const TITLE = "Confirm your subscription";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description: `Confirm your subscription to the ${site.brandName} newsletter.`,
    path: "/newsletter/confirm",
    origin: originFromMatches(matches),
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  return { token: await readToken(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerNewsletterLink(request, context, {
    form: "newsletter-confirm",
    change: async (db, token) => (await confirmSubscription(db, token)) === "confirmed",
    done: NEWSLETTER_CONFIRMED,
  });
}

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewsletterLinkPage
      title={TITLE}
      text={`Press the button to receive the ${site.brandName} newsletter.`}
      button="Confirm my subscription"
      token={loaderData.token}
      result={actionData}
    />
  );
}
