// Register the offline service worker once the page is ready (html[data-ready]), so
// its precache (the whole site, ~15 MB) never competes with the first start-up.
//
// A new version (a new sw.js, see its comments) installs beside the one running this
// page and waits: the page keeps its own version's files. When one is waiting this sets
// html[data-update="ready"] and fires "spades:update-ready" on window (web/app.py shows
// its "A new version is ready" banner); the page's "spades:reload" event (its Reload
// button) lets the waiting version take over, then reloads once it controls the page.
// The check for a new version runs at every load and whenever the tab is shown again.
const root = document.documentElement;
const workers = "serviceWorker" in navigator ? navigator.serviceWorker : null;
let controlled = workers !== null && workers.controller !== null;
let reloading = false;

function updateReady() {
  if (root.dataset.update !== "ready") {
    root.dataset.update = "ready";
    window.dispatchEvent(new CustomEvent("spades:update-ready"));
  }
}

function reload() {
  if (!reloading) {
    reloading = true;
    window.location.reload();
  }
}

function watchInstalling(worker) {
  if (!worker) {
    return;
  }
  worker.addEventListener("statechange", () => {
    // Installed while another version controls the page: it waits for the page's word.
    // (On a first visit there is no controller: it activates by itself, no banner.)
    if (worker.state === "installed" && workers.controller) {
      updateReady();
    }
  });
}

function watch(registration) {
  let asked = false; // the player tapped Reload
  if (registration.waiting) {
    updateReady();
  }
  watchInstalling(registration.installing);
  registration.addEventListener("updatefound", () => watchInstalling(registration.installing));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      registration.update().catch(() => {}); // offline: the next visit checks again
    }
  });
  workers.addEventListener("controllerchange", () => {
    if (reloading) {
      return;
    }
    if (asked) {
      reload();
    } else if (controlled) {
      updateReady(); // another tab let a new version take over: this one offers a reload
    }
    controlled = true;
  });
  window.addEventListener("spades:reload", () => {
    if (asked) {
      return;
    }
    asked = true;
    const waiting = registration.waiting;
    if (waiting) {
      waiting.postMessage({ type: "activate" });
      // Should the new version never take over (it was replaced meanwhile), reload anyway.
      setTimeout(reload, 10000);
    } else {
      reload();
    }
  });
}

function register() {
  if (workers !== null) {
    workers.register("./sw.js").then(watch).catch((error) => {
      console.warn("service worker not registered:", error);
    });
  }
}

if (root.dataset.ready) {
  register();
} else {
  const observer = new MutationObserver(() => {
    if (root.dataset.ready) {
      observer.disconnect();
      register();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}
