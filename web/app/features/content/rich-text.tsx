import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * HTML rendered on the server from our own Markdown files. Clicks on links to our own pages
 * navigate in the app instead of reloading the page.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest("a");
    const href = anchor?.getAttribute("href");
    if (!anchor || !href?.startsWith("/") || href.startsWith("//") || anchor.target) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks on the links inside, which keep their own keyboard behaviour.
    <div
      className={`prose-content ${className}`}
      onClick={onClick}
      // The HTML comes from our own reviewed Markdown files, rendered by the server.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
