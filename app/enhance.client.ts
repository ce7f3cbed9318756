// The only script of every public page (ADR 0004, 0014): no React runs in the browser. It adds
// behaviour to the server-rendered markup, found by its data attributes and classes: carousels,
// the header's menu, notices, the map, and the forms (checked in place, sent once in the background,
// room lists that follow the dates, the Room Booking dialog, /booking's tabs). Every form works
// without it. Loaded as a module, it runs once the document has been parsed.
import { enhanceAvailability } from "./components/availability-enhance.ts";
import { enhanceBookingTabs } from "./components/booking-tabs-enhance.ts";
import { enhanceCarousels } from "./components/carousel-enhance.ts";
import { enhanceEstimates } from "./components/estimate-enhance.ts";
import { enhanceForms, SWAPPED_EVENT } from "./components/form-enhance.ts";
import { enhanceMapPreviews } from "./components/map-preview-enhance.ts";
import { enhanceNotices } from "./components/notice-enhance.ts";
import { enhanceRoomDialog } from "./components/room-dialog-enhance.ts";
import { enhanceServicesGrids } from "./components/services-grid-enhance.ts";
import { enhanceSiteHeader } from "./components/site-header-enhance.ts";

/** The behaviours of markup that can arrive with a form's answer, for `root` and what is under it. */
function enhanceParts(root: ParentNode) {
  enhanceForms(root);
  enhanceAvailability(root);
  enhanceEstimates(root);
  enhanceBookingTabs(root);
}

enhanceNotices(document);
enhanceServicesGrids();
enhanceCarousels();
enhanceMapPreviews(document);
enhanceParts(document);
enhanceRoomDialog(document);
document.addEventListener(SWAPPED_EVENT, (event) => {
  if (event.target instanceof Element) enhanceParts(event.target);
});
// Last: the header marks itself enhanced, which tells the browser tests that the page is ready.
const header = document.querySelector<HTMLElement>(".site-header");
if (header) enhanceSiteHeader(header);
