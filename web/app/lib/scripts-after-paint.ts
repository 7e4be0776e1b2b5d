import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Starts the page's JavaScript after its first paint (docs/decisions/046).
 *
 * The HTML arrives complete and readable; the ~125 KB of scripts that hydrate it are only needed
 * for what happens next. Fetched at once (React Router's `<Scripts>` preloads every chunk from the
 * `<head>`), they share a phone's bandwidth with the stylesheet and the largest image and hold back
 * the first and largest paints. So this rewrites React Router's output as it streams:
 *
 * - each `<link rel="modulepreload">` becomes inert (`rel="deferred-modulepreload"`);
 * - the bootstrap `<script type="module">` becomes inert: `type="text/plain"` (a data block, which
 *   browsers never run and the Nu HTML checker accepts) marked `data-after-paint`;
 * - a small script in the `<head>` brings both back once the document is parsed, the page's
 *   priority image (`fetchpriority="high"`, the likely largest paint) has loaded, and the browser
 *   has reported the first contentful paint: a real preload per chunk, then the bootstrap as a
 *   module script. A hidden tab waits for its first frame instead. No page waits over 3 s after
 *   its document is parsed, however slow its image: that limit starts at DOMContentLoaded.
 *
 * React Router offers no hook for any of this, hence a text rewrite of three fixed tags. The
 * tests in scripts-after-paint.test.ts and the end-to-end suite (every page hydrates) hold it to
 * React Router's current output.
 */
export function scriptsAfterPaint(nonce: string): Transform {
  const rewrites: [string, string][] = [
    ['<link rel="modulepreload"', '<link rel="deferred-modulepreload"'],
    [' type="module" async="">', ' type="text/plain" data-after-paint="">'],
    ["</head>", `<script nonce="${nonce}">${startScriptsAfterPaint}</script></head>`],
  ];
  const tags = rewrites.map(([from]) => from);
  const rewrite = (text: string) =>
    rewrites.reduce((out, [from, to]) => out.replaceAll(from, to), text);
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const joined = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // A chunk may end part-way through one of the tags: keep that part for the next chunk.
      const keep = partialTagAtEnd(joined, tags);
      held = joined.slice(joined.length - keep);
      const out = rewrite(joined.slice(0, joined.length - keep));
      callback(null, out === "" ? undefined : out);
    },
    flush(callback) {
      const out = rewrite(held + decoder.end());
      held = "";
      callback(null, out === "" ? undefined : out);
    },
  });
}

/** How many characters at the end of `text` could be the start of one of `tags`. */
function partialTagAtEnd(text: string, tags: string[]): number {
  let longest = 0;
  for (const tag of tags) {
    for (let length = Math.min(tag.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(tag.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/** The browser side, inlined in the `<head>` (plain ES2017, no dependencies). */
const startScriptsAfterPaint = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('link[rel="deferred-modulepreload"]').forEach(function (inert) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = inert.getAttribute("href");
      document.head.appendChild(link);
    });
    document.querySelectorAll("script[data-after-paint]").forEach(function (inert) {
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      document.head.appendChild(script);
    });
  }
  // The first contentful paint as the browser reports it (after the frame is on screen). Where
  // paint timing is missing, or the tab is hidden (it may never report one), the next frame.
  function afterFirstPaint(then) {
    function go() {
      setTimeout(then, 0);
    }
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf("paint") < 0 || document.visibilityState === "hidden") {
      requestAnimationFrame(go);
      return;
    }
    new PerformanceObserver(function (list, observer) {
      var painted = list.getEntries().some(function (entry) {
        return entry.name === "first-contentful-paint";
      });
      if (!painted) return;
      observer.disconnect();
      go();
    }).observe({ type: "paint", buffered: true });
  }
  document.addEventListener("DOMContentLoaded", function () {
    // Whatever happens to the image or the paint report, the page gets its scripts within 3 s.
    setTimeout(start, 3000);
    var images = Array.prototype.filter.call(
      document.querySelectorAll('img[fetchpriority="high"]'),
      function (image) { return !image.complete; }
    );
    Promise.all(images.map(function (image) {
      return new Promise(function (done) {
        image.addEventListener("load", done);
        image.addEventListener("error", done);
      });
    })).then(function () { afterFirstPaint(start); });
  });
})();`;
