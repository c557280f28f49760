// Register the offline service worker once the page is ready (html[data-ready]), so
// its precache (the whole site, ~15 MB) never competes with the first start-up.
const root = document.documentElement;

function register() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").catch((error) => {
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
