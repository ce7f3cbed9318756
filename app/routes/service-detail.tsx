import { data, Link } from "react-router";
import type { Route } from "./+types/service-detail";
import { Carousel } from "~/features/site/components/carousel.tsx";
import { Icon } from "~/shared/ui/icon.tsx";
import { PageHeader } from "~/shared/ui/page-header.tsx";
import { getServiceBySlug } from "~/content/services.ts";
import { site, telHref } from "~/content/site.ts";
import { parseFeatures } from "~/features/site/service-features.ts";
import { BACK_TO_SERVICES, SERVICE_NOT_FOUND } from "~/shared/messages.ts";
import { originFromMatches, pageMeta } from "~/features/site/seo.ts";
import "./service-detail.css";
import { CONTENT_PAGE } from "~/shared/page-cache/route-handle.ts";

// A content page: no React in the browser (app/shared/page-cache/route-handle.ts).
export const handle = CONTENT_PAGE;

export function loader({ params }: Route.LoaderArgs) {
  const service = getServiceBySlug(params.slug);
  // Rendered by this route (not the root error page), with the right status for crawlers.
  if (!service) return data({ service: null }, { status: 404 });
  return { service };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const service = loaderData?.service;
  const origin = originFromMatches(matches);
  if (!service) {
    return [
      ...pageMeta({
        title: `${SERVICE_NOT_FOUND} | ${site.brandName}`,
        description: SERVICE_NOT_FOUND,
        path: `/services/${params.slug}`,
        origin,
      }),
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta({
    title: `${service.name} | ${site.brandName}`,
    description: service.description,
    path: `/services/${service.path}`,
    origin,
  });
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  if (!service) {
    return (
      <>
        <PageHeader title={SERVICE_NOT_FOUND} crumb={SERVICE_NOT_FOUND} />
        <section className="section">
          <div className="container">
            <p>We could not find that service. It may have moved or is not offered yet.</p>
            <Link to="/services" className="btn btn--primary">
              <Icon name="arrow-left" size={18} />
              {BACK_TO_SERVICES}
            </Link>
          </div>
        </section>
      </>
    );
  }

  const features = parseFeatures(service.fullDescription);
  return (
    <>
      <PageHeader title={service.name} />
      <section className="section service-detail">
        <div className="container">
          <Carousel
            className="service-detail__slider"
            label={`${service.name} pictures`}
            loop
            align="center"
            autoplayDelay={3000}
            style={{ "--per-view-md": 3 } as React.CSSProperties}
            slides={service.images.map((image, index) => (
              <img
                key={index}
                className="service-detail__image"
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                {...(index === 0
                  ? ({ loading: "eager", fetchPriority: "high" } as const)
                  : ({ loading: "lazy", decoding: "async" } as const))}
              />
            ))}
          />

          <div className="service-detail__grid">
            <div>
              <h2>Overview</h2>
              <p className="service-detail__overview">{service.overview}</p>

              <h2>Features &amp; Services</h2>
              <ul className="service-detail__features">
                {features.map((line, index) =>
                  line.kind === "heading" ? (
                    <li key={index} className="service-detail__feature-heading">
                      <strong>{line.text}</strong>
                    </li>
                  ) : (
                    <li key={index} className="service-detail__feature">
                      <Icon name="check" size={18} className="service-detail__check" />
                      {line.text}
                    </li>
                  ),
                )}
              </ul>
            </div>

            <aside className="service-detail__book" aria-labelledby="ready-to-book">
              <h2 id="ready-to-book">Ready to Book</h2>
              <p>
                Call us on <a href={telHref(site.bookingPhones[0])}>{site.bookingPhones[0]}</a> or send us a
                message, and we will help you plan your visit.
              </p>
              <div className="service-detail__actions">
                <Link to="/contact" className="btn btn--dark">
                  Contact Us
                </Link>
                {service.bookable ? (
                  <Link to="/booking" className="btn btn--primary">
                    Book Now
                  </Link>
                ) : null}
              </div>
            </aside>
          </div>
        </div>
      </section>
    </>
  );
}
