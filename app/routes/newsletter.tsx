import { NewsletterForm } from "~/features/newsletter/components/newsletter-form.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { newsletter } from "~/content/footer.ts";
import { getDb } from "~/shared/context.server.ts";
import { subscribe } from "~/features/newsletter/newsletter-subscriptions.server.ts";
import { logWriteFailure } from "~/shared/db/failures.server.ts";
import { formError, formSuccess, readSubmission } from "~/shared/forms/form-submission.server.ts";
import { NEWSLETTER_ERROR, NEWSLETTER_THANKS } from "~/shared/messages.ts";
import { newsletterSchema } from "~/features/newsletter/newsletter-schema.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import type { Route } from "./+types/newsletter";

// The footer's newsletter box posts here. With JavaScript the answer shows in
// the footer; without, this page shows it, with the form again.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: newsletter.title,
    description: newsletter.text,
    path: "/newsletter",
    origin: originFromMatches(matches),
    noindex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, context, newsletterSchema, NEWSLETTER_THANKS);
  if (submission.kind === "answered") return submission.response;
  try {
    await subscribe(await getDb(context), submission.data.email);
    return formSuccess(NEWSLETTER_THANKS);
  } catch (error) {
    logWriteFailure("newsletter", error);
    return formError(NEWSLETTER_ERROR, submission.values, 503);
  }
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={newsletter.title} />
      <section className="section">
        <div className="container">
          <p>{newsletter.text}</p>
          <NewsletterForm result={actionData} />
        </div>
      </section>
    </>
  );
}
