// Paint the table as it was left, before Python has started (issue 11): the page's last
// render, which web/app.py keeps in localStorage ("spades.paint") beside the save. This
// is JavaScript because it must run before the runtime does; it renders nothing itself.
//
// The painting is a picture that keeps taps (issue 30): a quiet line says the game is
// getting ready, until Python renders the same table and sets html[data-ready]. A tap on
// one of its cards or buttons, or a key the table acts on, is kept (which element: its
// data-card/bid/draw/action/hand or id; or the key; and the time), with the paint's seed
// and move count, in window.spadesEarly, and the element is marked "early-tap"; the page
// hands them to the engine once ready (web/early.py). Nothing else: the events are
// swallowed in the capture phase, no focus enters the picture (mousedown and Tab), and
// #app is aria-busy, so a screen reader is not told it is live. It is not inert: an
// inert element is never an event's target. A paint of another game or move than the
// save's, or anything that is not what the page wrote, is not painted: the page starts
// as it would without.
// Stored text is never trusted as markup: only the elements and attributes the table
// uses are kept, and no URL but a "#suit-X" symbol reference.
//
// The page's security policy (web/index.html) refuses style and event handler attributes
// in markup, and says so (a console error) as soon as the parser meets one, even in a
// template. So both are renamed before the markup is parsed: handlers (never the page's)
// are then dropped, style attributes (the table's CSS variables, such as the hand's --n)
// set again through element.style, which the policy allows.
(function () {
  "use strict";
  const TAGS = new Set(["div", "span", "button", "section", "h2", "h3", "p", "ul", "li",
    "b", "strong", "small", "em", "svg", "use", "br", "nav", "h1"]);
  const NAMES = /^(class|id|role|title|hidden|disabled|tabindex|type|lang|aria-[a-z-]+|data-[a-z0-9-]+|viewbox|focusable)$/i;
  const STYLE = /^(\s*--[a-z-]+\s*:\s*-?\d+(\.\d+)?(px|ms|deg|%)?\s*;?)*\s*$/;
  const RENAMED = /([\s/"'])(on[a-z]+|style)(\s*=)/gi;
  const PREFIX = "data-paint-";
  const PARTS = [".bar", ".felt", ".hand-zone"];
  const APP_ATTRIBUTES = ["data-phase", "data-players", "data-your-turn"];
  // The keys the table acts on (web/keyboard.py; web/early.py reads the same).
  const KEYS = /^([0-9+=_-]|[kKdD ]|Enter|Delete|Escape|Arrow(Left|Right|Up|Down))$/;

  function clean(node) {
    for (const el of Array.from(node.querySelectorAll("*"))) {
      // A passing thing (a reaction's bubble: web/talk.py) is not painted again.
      if (!TAGS.has(el.localName) || el.hasAttribute("data-unpainted")) { el.remove(); continue; }
      const style = el.getAttribute(PREFIX + "style");
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        const ok = (NAMES.test(name) && !name.startsWith(PREFIX))
          || (name === "href" && /^#suit-[SHDC]$/.test(attr.value));
        if (!ok) el.removeAttribute(attr.name);
      }
      if (style !== null && STYLE.test(style)) {
        for (const declaration of style.split(";")) {
          const colon = declaration.indexOf(":");
          if (colon > 0) {
            el.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
          }
        }
      }
    }
    return node;
  }

  function keepTaps(root, app, early) {
    const waiting = () => !root.hasAttribute("data-ready");
    const swallow = (event) => { event.preventDefault(); event.stopImmediatePropagation(); };
    const keep = (tap, event) => early.taps.length < 12
      && early.taps.push(Object.assign(tap, { at: Math.round(event.timeStamp) }));
    for (const type of ["mousedown", "dblclick"]) {
      addEventListener(type, (event) => { if (waiting() && app.contains(event.target)) swallow(event); }, true);
    }
    addEventListener("click", (event) => {
      if (!waiting() || !app.contains(event.target)) return;
      swallow(event);
      const el = event.target.closest("[data-card], [data-bid], [data-draw], [data-action], button[id]");
      if (!el || el.disabled) return;
      const data = {};
      for (const name of ["card", "bid", "draw", "action", "hand"]) {
        if (el.hasAttribute("data-" + name)) data[name] = el.getAttribute("data-" + name);
      }
      if (!Object.keys(data).length) data.id = el.id;
      if (keep({ data: data, detail: event.detail }, event)) el.classList.add("early-tap");
    }, true);
    addEventListener("keydown", (event) => {
      if (!waiting() || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Tab") swallow(event);
      if (!KEYS.test(event.key)) return;
      swallow(event);
      if (!event.repeat) keep({ key: event.key }, event);
    }, true);
  }

  function movesOf(saveText) {
    const save = JSON.parse(saveText);
    const game = JSON.parse(save.game);
    return [game.seed, game.actions.length];
  }

  try {
    const paint = JSON.parse(localStorage.getItem("spades.paint") || "null");
    const saved = localStorage.getItem("spades.game");
    if (!paint || paint.version !== 1 || !saved || typeof paint.parts !== "object") return;
    const [seed, moves] = movesOf(saved);
    if (paint.seed !== seed || paint.moves !== moves) return;
    const app = document.getElementById("app");
    // Every part is read and cleaned before any is shown: never half a table.
    // A part must hold every element of the page's own (by id) that Python writes into.
    const fragments = PARTS.map((selector, index) => {
      const html = paint.parts[index];
      if (typeof html !== "string" || html.length > 200000) throw new Error("not a paint");
      const template = document.createElement("template");
      template.innerHTML = html.replace(RENAMED, `$1${PREFIX}$2$3`);
      const fragment = clean(template.content);
      for (const el of app.querySelector(selector).querySelectorAll("[id]")) {
        if (!fragment.getElementById(el.id)) throw new Error("not the table's parts");
      }
      return fragment;
    });
    PARTS.forEach((selector, index) => app.querySelector(selector).replaceChildren(fragments[index]));
    for (const name of APP_ATTRIBUTES) {
      const value = paint.app && paint.app[name];
      if (typeof value === "string" && /^[a-z0-9-]{1,20}$/.test(value)) app.setAttribute(name, value);
    }
    app.classList.toggle("raise-playable", !!(paint.app && paint.app.raise === true));
    const root = document.documentElement;
    if (typeof paint.lang === "string" && /^[a-z]{2}$/.test(paint.lang)) root.lang = paint.lang;
    if (typeof paint.ready === "string") {
      document.getElementById("getting-ready").textContent = paint.ready.slice(0, 80);
    }
    root.dataset.painted = "true";
    app.removeAttribute("inert");
    app.setAttribute("aria-busy", "true");
    keepTaps(root, app, window.spadesEarly = { seed: seed, moves: moves, taps: [] });
  } catch (error) {
    // No paint (none kept, another game's, or not one the page wrote): the page starts
    // from the empty table, as on a first visit.
  }
})();
