import type { CSSProperties } from "react";
import { site } from "~/content/site.ts";
import type { MailContent } from "./mail-content.ts";

// The site's look in a mail (colours of app/styles/global.css): one column, at most 600 px wide,
// tables for layout and inline styles, because that is what mail apps render reliably; large type
// and a full-width button so it reads on a phone.

const GREEN = "#1f3b2d";
const ACCENT = "#e8772e";
const ACCENT_TEXT = "#a3470b";
const CREAM = "#fbf7f0";
const SAND = "#f4ede1";
const LINE = "#e2d8c7";
const TEXT = "#22262a";
const MUTED = "#5b5f5c";
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'Georgia, "Times New Roman", serif';

const cell: CSSProperties = { padding: "8px 0", borderBottom: `1px solid ${LINE}`, verticalAlign: "top" };

export function MailLayout({ content }: { content: MailContent }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: SAND, fontFamily: SANS, color: TEXT }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{content.preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: SAND }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: "16px 8px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, backgroundColor: CREAM, borderRadius: 8, overflow: "hidden" }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          backgroundColor: GREEN,
                          padding: "20px 24px",
                          borderBottom: `4px solid ${ACCENT}`,
                        }}
                      >
                        <p style={{ margin: 0, fontFamily: SERIF, fontSize: 22, color: "#ffffff" }}>
                          {site.brandName}
                        </p>
                        <p style={{ margin: "4px 0 0", fontSize: 14, color: "#f2a66e" }}>{site.tagline}</p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24, fontSize: 16, lineHeight: 1.5 }}>
                        <p style={{ margin: "0 0 16px" }}>{content.greeting}</p>
                        {content.paragraphs.map((paragraph) => (
                          <p key={paragraph} style={{ margin: "0 0 16px" }}>
                            {paragraph}
                          </p>
                        ))}
                        {content.details.length > 0 ? (
                          <table
                            role="presentation"
                            width="100%"
                            cellPadding={0}
                            cellSpacing={0}
                            style={{ margin: "8px 0 24px", fontSize: 15 }}
                          >
                            <tbody>
                              {content.details.map((row) => (
                                <tr key={row.label}>
                                  <th
                                    align="left"
                                    scope="row"
                                    style={{ ...cell, width: "38%", color: MUTED, fontWeight: 400 }}
                                  >
                                    {row.label}
                                  </th>
                                  <td
                                    style={{
                                      ...cell,
                                      fontWeight:
                                        row.label === "Total" || row.label === "Reference" ? 700 : 400,
                                      whiteSpace: "pre-wrap",
                                    }}
                                  >
                                    {row.value}
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        ) : null}
                        {content.action ? (
                          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
                            <tbody>
                              <tr>
                                <td align="center" style={{ backgroundColor: ACCENT, borderRadius: 6 }}>
                                  <a
                                    href={content.action.href}
                                    style={{
                                      display: "block",
                                      padding: "14px 20px",
                                      color: "#22262a",
                                      fontWeight: 700,
                                      fontSize: 16,
                                      textDecoration: "none",
                                    }}
                                  >
                                    {content.action.label}
                                  </a>
                                </td>
                              </tr>
                            </tbody>
                          </table>
                        ) : null}
                        {content.links.map((link) => (
                          <p key={link.href} style={{ margin: "16px 0 0" }}>
                            <a href={link.href} style={{ color: ACCENT_TEXT }}>
                              {link.label}
                            </a>
                          </p>
                        ))}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "16px 24px",
                          borderTop: `1px solid ${LINE}`,
                          fontSize: 13,
                          color: MUTED,
                        }}
                      >
                        <p style={{ margin: 0 }}>
                          {site.brandName} · {site.address} · {site.bookingPhones.join(" · ")}
                        </p>
                        {content.unsubscribeUrl ? (
                          <p style={{ margin: "8px 0 0" }}>
                            You receive this because this address was given for our newsletter.{" "}
                            <a href={content.unsubscribeUrl} style={{ color: ACCENT_TEXT }}>
                              Unsubscribe
                            </a>
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
