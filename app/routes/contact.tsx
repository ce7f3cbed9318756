import { ContactDetails } from "~/features/site/components/contact-details.tsx";
import type { RouteHandle } from "~/shared/page-cache/route-handle.ts";
import { ContactForm } from "~/features/contact/components/contact-form.tsx";
import { MapPreview } from "~/features/site/components/map-preview.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { SectionTitle } from "~/shared/ui/section-title.tsx";
import { site } from "~/content/site.ts";
import { getDb } from "~/shared/context.server.ts";
import { insertContactMessage } from "~/features/contact/contact-messages.server.ts";
import { logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import { roomTypePrices } from "~/features/stays/rooms.server.ts";
import { keptPageLoader } from "~/shared/page-cache/kept-page.server.ts";
import { priceRangeText } from "~/features/pricing/price-range.ts";
import { formError, formSuccess, readSubmission } from "~/shared/forms/form-submission.server.ts";
import { CONTACT_ERROR, CONTACT_SENT } from "~/shared/messages.ts";
import { contactSchema } from "~/features/contact/contact-schema.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import type { Route } from "./+types/contact";

const TITLE = "Contact Us";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: TITLE,
    description: `Call, e-mail or write to ${site.brandName} in ${site.address}, or send us a message here.`,
    path: "/contact",
    origin: originFromMatches(matches),
    priceRange: loaderData?.priceRange ?? null,
  });
}

/**
 * A fresh submission id per rendered form: a repeated POST stores one message. And the range of
 * the database's room rates for the lodge's structured data; if the rates cannot be read the page
 * still shows, without a range, and is not kept (ADR 0013).
 */
export const loader = keptPageLoader(async ({ context }: Route.LoaderArgs, page) => {
  const submissionId = page.submissionId();
  try {
    const prices = await roomTypePrices(await getDb(context));
    return { submissionId, priceRange: priceRangeText(prices.values()) };
  } catch (error) {
    page.readFailed();
    logReadFailure("room rates", error);
    return { submissionId, priceRange: null };
  }
});

// Kept by the server like the pages that show data (ADR 0013): only its form's submission id
// differs per visitor, and the cache renews it.
export const handle = { keepPerDataVersion: true } satisfies RouteHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, context, contactSchema, CONTACT_SENT);
  if (submission.kind === "answered") return submission.response;
  const { data, submissionId, values } = submission;
  try {
    await insertContactMessage(await getDb(context), {
      submissionId,
      name: data.name,
      email: data.email,
      subject: data.subject ?? null,
      message: data.message,
    });
    return formSuccess(CONTACT_SENT);
  } catch (error) {
    logWriteFailure("contact", error);
    return formError(CONTACT_ERROR, values, 503);
  }
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={TITLE} />
      <section className="section">
        <div className="container contact-page">
          <SectionTitle eyebrow={TITLE} highlight="For Any Query" subtitle="Contact" />
          <ContactDetails />
          <div className="contact-page__columns">
            <MapPreview />
            <section aria-labelledby="contact-form-title">
              <h2 id="contact-form-title">Send us a message</h2>
              <ContactForm submissionId={loaderData.submissionId} result={actionData} />
            </section>
          </div>
        </div>
      </section>
    </>
  );
}
