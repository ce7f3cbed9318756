// The one script of every public page (ADR 0015), started once the page has loaded and painted
// (app/shared/islands/deferred-enhancement.ts). It keeps the small behaviours that React would only add
// weight to as plain scripts (carousels on Embla, the header's menu, notices, the map preview,
// the services grid's coming-soon notices), and hands the interactive parts, the islands, to
// app/islands.client.ts, which hydrates each with React once the guest turns to it.
import { enhanceCarousels } from "./features/site/components/carousel-enhance.ts";
import { enhanceMapPreviews } from "./features/site/components/map-preview-enhance.ts";
import { enhanceNotices } from "./shared/ui/notice-enhance.ts";
import { enhanceServicesGrids } from "./features/site/components/services-grid-enhance.ts";
import { enhanceSiteHeader } from "./features/site/components/site-header-enhance.ts";
import { hydrateIslands } from "./islands.client.ts";

enhanceNotices(document);
enhanceServicesGrids();
enhanceCarousels();
enhanceMapPreviews(document);
hydrateIslands(document);
// Last: the header marks itself enhanced, which tells the browser tests that the page is ready.
const header = document.querySelector<HTMLElement>(".site-header");
if (header) enhanceSiteHeader(header);
