import { PageHeader } from "../../../shared/ui/page-header.tsx";
import { Notice } from "../../../shared/ui/notice.tsx";

/**
 * The pages a newsletter mail links to (confirm, unsubscribe). Following a link changes nothing
 * by itself — mail scanners open links too — the guest presses the button (a POST), or a mail
 * app sends the one-click POST of RFC 8058.
 */
export function NewsletterLinkPage({
  title,
  text,
  button,
  token,
  result,
}: {
  title: string;
  text: string;
  button: string;
  token: string;
  result?: { ok: boolean; message: string };
}) {
  return (
    <>
      <PageHeader title={title} />
      <section className="section">
        <div className="container">
          {result ? (
            <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice>
          ) : (
            <form method="post">
              <p>{text}</p>
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn btn--primary">
                {button}
              </button>
            </form>
          )}
          <p>
            <a href="/">Back to the home page</a>
          </p>
        </div>
      </section>
    </>
  );
}
