// The only script of pages that ship no React (route modules with `handle = NO_HYDRATION`,
// app/lib/route-handle.ts): it adds behaviour to the server-rendered markup, found by its data
// attributes and classes. Each behaviour is the same function the React components run on
// hydrated pages, so there is one implementation of each. Loaded as a module, it runs once the
// document has been parsed.
import { enhanceCarousels } from "./components/carousel-enhance.ts";
import { enhanceServicesGrids } from "./components/services-grid-enhance.ts";
import { enhanceSiteHeader } from "./components/site-header-enhance.ts";

const header = document.querySelector<HTMLElement>(".site-header");
if (header) enhanceSiteHeader(header);
enhanceServicesGrids();
enhanceCarousels();
